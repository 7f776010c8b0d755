import { Button, Card, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { getNotesDefaults, MSG, SNACKBAR_MS, seesCarePlanDefaults, updateNotesDefaults } from '@rpm/shared';
import { useEffect, useState } from 'react';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { NotFoundPage } from '../pages/not-found/NotFoundPage';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';

const NONE = '';

/**
 * /app/notes-defaults (000 §2.2, §6.2: role 5, or 6 when not a dentist): the user's default note category and
 * comment, from NotesCategory and Notes Comments (decisions.md "Notes Defaults").
 */
export function NotesDefaultsPage() {
  const { user } = useSession();
  const api = useApi();
  const allowed = user !== null && seesCarePlanDefaults(user);
  const loaded = useCall(getNotesDefaults, undefined, { enabled: allowed });
  const data = loaded.data?.data;
  const [category, setCategory] = useState(NONE);
  const [comment, setComment] = useState(NONE);

  useEffect(() => {
    if (!data) return;
    setCategory(data.category_id === null ? NONE : String(data.category_id));
    setComment(data.comment_id === null ? NONE : String(data.comment_id));
  }, [data]);

  if (!user) return null;
  if (!allowed) return <NotFoundPage variant="frame" />;
  if (!data) return <Card aria-busy="true" />;

  const comments = data.comments.filter((c) => String(c.category_id) === category);
  const save = async () => {
    try {
      const answer = await api.call(updateNotesDefaults, {
        body: {
          category_id: category === NONE ? null : Number(category),
          comment_id: comment === NONE ? null : Number(comment),
        },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      loaded.reload();
    } catch {
      // The error dialog shows it; the choices stay.
    }
  };

  return (
    <Card className="notes-defaults" aria-labelledby="notes-defaults-title">
      <h2 id="notes-defaults-title">Notes Defaults</h2>
      <FormGroup label="Category" labelFor="notes-defaults-category">
        <HTMLSelect
          id="notes-defaults-category"
          value={category}
          onChange={(e) => {
            setCategory(e.currentTarget.value);
            setComment(NONE); // A comment belongs to its category.
          }}
        >
          <option value={NONE}>None</option>
          {data.categories.map((c) => (
            <option key={c.category_id} value={c.category_id}>
              {c.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label="Comment" labelFor="notes-defaults-comment">
        <HTMLSelect
          id="notes-defaults-comment"
          value={comment}
          disabled={category === NONE}
          onChange={(e) => setComment(e.currentTarget.value)}
        >
          <option value={NONE}>None</option>
          {comments.map((c) => (
            <option key={c.comment_id} value={c.comment_id}>
              {c.comment}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <Button intent={Intent.PRIMARY} text={MSG.save} onClick={() => void save()} />
    </Card>
  );
}

import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLSelect,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import {
  getUsers,
  getUserTypes,
  MSG,
  NOTIFICATION_MESSAGE_MAX,
  SNACKBAR_SHORT_MS,
  sendNotification,
} from '@rpm/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/api-error';
import { useApi } from '../errors/ErrorDialogProvider';
import { describedById, FormField } from '../form/FormField';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';
import {
  liveMessageError,
  type SendNotificationErrors,
  type SendNotificationValues,
  sendNotificationErrors,
} from './send-notification-rules';

export interface SendNotificationDialogProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
}

/**
 * The 'Vital Configuration' dialog (000 §2.7 settings menu, §2.9, §4.8, §5): send a text notification to a user of
 * a chosen type in the sender's organisation. The form's state is fresh on every opening.
 */
export function SendNotificationDialog({ isOpen, onClose }: SendNotificationDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      title={MSG.vitalConfiguration}
      onClose={onClose}
      canOutsideClickClose={false}
      // The spec's own Close button is in the footer (000 §2.9); a second 'Close' in the header would only confuse.
      isCloseButtonShown={false}
    >
      {isOpen && <SendNotificationForm onClose={onClose} />}
    </Dialog>
  );
}

type Option = { readonly value: number; readonly label: string };

const FORM_ID = 'send-notification-form';

function SendNotificationForm({ onClose }: { readonly onClose: () => void }) {
  const api = useApi();
  const { user } = useSession();
  const [values, setValues] = useState<SendNotificationValues>({ roleId: '', userId: '', message: '' });
  const [types, setTypes] = useState<readonly Option[] | null>(null);
  const [users, setUsers] = useState<readonly Option[] | null>([]);
  const [edited, setEdited] = useState(false);
  const [errors, setErrors] = useState<SendNotificationErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const userLoads = useRef(0);

  useEffect(() => {
    let current = true;
    api.call(getUserTypes).then(
      (answer) => {
        if (current) setTypes(answer.data.map((t) => ({ value: t.role_id, label: t.role })));
      },
      () => {
        // The error dialog shows it (000 §8); the select stays empty.
        if (current) setTypes([]);
      },
    );
    return () => {
      current = false;
    };
  }, [api]);

  const chooseType = async (roleId: string) => {
    setValues((v) => ({ ...v, roleId, userId: '' }));
    setErrors(({ userType: _, ...rest }) => rest);
    if (roleId === '' || !user) {
      setUsers([]);
      return;
    }
    const id = ++userLoads.current;
    setUsers(null);
    try {
      const query = {
        role_id: Number(roleId),
        user_id: user.user_id,
        ...(user.data.organization_id === null ? {} : { org_id: user.data.organization_id }),
      };
      const answer = await api.call(getUsers, { query });
      if (id === userLoads.current) setUsers(answer.data.map((u) => ({ value: u.user_id, label: u.name })));
    } catch {
      if (id === userLoads.current) setUsers([]);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !user) return;
    const found = sendNotificationErrors(values);
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await api.call(
        sendNotification,
        { body: { user_id_from: user.user_id, user_id_to: Number(values.userId), message: values.message } },
        { quiet: true },
      );
      if (answer.status) {
        // 000 §4.8 only says the dialog closes on status true. We add the generic green snackbar (001 §8, 1.5 s)
        // with the server's own text, so the sender knows the message went.
        if (answer.message !== '')
          void showToast({ message: answer.message, intent: Intent.SUCCESS, timeout: SNACKBAR_SHORT_MS });
        onClose();
      } else {
        // decisions.md "Refused notification".
        setRefusal(answer.message);
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // 000 §4.8: the error dialog shows, and the notification dialog closes once it is dismissed.
      await api.showError(error);
      onClose();
    } finally {
      setBusy(false);
    }
  };

  const messageError = errors.message ?? liveMessageError(values.message, edited);
  return (
    <>
      <DialogBody>
        <form id={FORM_ID} noValidate onSubmit={submit}>
          <FormField id="sn-user-type" label={MSG.userType} error={errors.userType}>
            <HTMLSelect
              id="sn-user-type"
              fill
              value={values.roleId}
              disabled={types === null}
              aria-invalid={errors.userType !== undefined}
              aria-describedby={errors.userType ? describedById('sn-user-type') : undefined}
              onChange={(e) => void chooseType(e.currentTarget.value)}
            >
              <option value="">{types === null ? MSG.loading : 'Select User Type'}</option>
              {types?.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </HTMLSelect>
          </FormField>
          <FormField id="sn-user" label={MSG.users} error={errors.user}>
            <HTMLSelect
              id="sn-user"
              fill
              value={values.userId}
              disabled={values.roleId === '' || users === null}
              aria-invalid={errors.user !== undefined}
              aria-describedby={errors.user ? describedById('sn-user') : undefined}
              onChange={(e) => {
                const userId = e.currentTarget.value;
                setValues((v) => ({ ...v, userId }));
                setErrors(({ user: _, ...rest }) => rest);
              }}
            >
              <option value="">
                {users === null
                  ? MSG.loading
                  : users.length === 0 && values.roleId !== ''
                    ? MSG.noOptions
                    : 'Select User'}
              </option>
              {users?.map((u) => (
                <option key={u.value} value={u.value}>
                  {u.label}
                </option>
              ))}
            </HTMLSelect>
          </FormField>
          <FormField id="sn-message" label={MSG.message} error={messageError}>
            <TextArea
              id="sn-message"
              fill
              rows={4}
              value={values.message}
              // One past the limit, so an over-long paste shows the rule instead of being cut silently.
              maxLength={NOTIFICATION_MESSAGE_MAX + 1}
              intent={messageError ? Intent.DANGER : Intent.NONE}
              aria-invalid={messageError !== undefined}
              aria-describedby={messageError ? describedById('sn-message') : undefined}
              onChange={(e) => {
                const message = e.currentTarget.value;
                setValues((v) => ({ ...v, message }));
                setEdited(true);
                setErrors(({ message: _, ...rest }) => rest);
              }}
            />
          </FormField>
          {refusal !== null && (
            <Callout intent={Intent.DANGER} role="alert">
              {refusal}
            </Callout>
          )}
        </form>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MSG.close} onClick={onClose} />
            <Button type="submit" form={FORM_ID} intent={Intent.PRIMARY} text={MSG.save} loading={busy} />
          </>
        }
      />
    </>
  );
}

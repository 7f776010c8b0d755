import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLSelect,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import {
  addOrganization,
  LANGUAGE,
  MSG,
  type OrganizationRow,
  SNACKBAR_MS,
  translateText,
  updateOrganization,
} from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import { describedById, FormField } from '../form/FormField';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';
import type { Language } from './languages';
import {
  canTranslate,
  isNameChanged,
  nameBlurError,
  ORG_DESCRIPTION_MAX,
  ORG_NAME_MAX,
  type OrganizationFormErrors,
  type OrganizationFormValues,
  organizationFormErrors,
  showsTranslation,
  toSubmission,
  translateError,
  translationSource,
} from './organization-form-rules';

/** Which form is open: create, or edit of one record. */
export type OrganizationFormMode =
  | { readonly kind: 'create' }
  | { readonly kind: 'edit'; readonly row: OrganizationRow };

export interface OrganizationFormDialogProps {
  /** `null` keeps the dialog closed. */
  readonly mode: OrganizationFormMode | null;
  /** The Source Language options; `null` while they load. */
  readonly languages: readonly Language[] | null;
  readonly onClose: () => void;
  /** The save went through: the list reloads. */
  readonly onSaved: () => void;
}

/**
 * The organisation create and edit forms (000 §2.10, §4.7, §5) in a dialog
 * (decisions.md "Texts the spec does not quote").
 */
export function OrganizationFormDialog({ mode, languages, onClose, onSaved }: OrganizationFormDialogProps) {
  const title = mode?.kind === 'edit' ? 'Edit Organization' : 'Add Organization';
  return (
    <Dialog isOpen={mode !== null} title={title} onClose={onClose} canOutsideClickClose={false}>
      {mode && (
        <OrganizationForm
          key={mode.kind === 'edit' ? mode.row.organizationid : 'new'}
          mode={mode}
          languages={languages}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  );
}

const FORM_ID = 'organization-form';

function initialValues(mode: OrganizationFormMode): OrganizationFormValues {
  if (mode.kind === 'create')
    return { name: '', description: '', languageId: LANGUAGE.default, translated: '' };
  return {
    name: mode.row.organization_name,
    description: mode.row.organization_details,
    languageId: mode.row.description_language_id,
    translated: mode.row.translated_details ?? '',
  };
}

interface OrganizationFormProps {
  readonly mode: OrganizationFormMode;
  readonly languages: readonly Language[] | null;
  readonly onSaved: () => void;
}

function OrganizationForm({ mode, languages, onSaved }: OrganizationFormProps) {
  const api = useApi();
  const { user } = useSession();
  const [values, setValues] = useState<OrganizationFormValues>(() => initialValues(mode));
  const [errors, setErrors] = useState<OrganizationFormErrors>({});
  const [translating, setTranslating] = useState(false);
  const [saving, setSaving] = useState(false);

  const setName = (name: string) => {
    setValues((v) => ({ ...v, name }));
    // Once a message shows, it follows the typing with the blur rule, so it clears as soon as the name is fixed.
    if (errors.name !== undefined) setErrors((e) => withError(e, 'name', nameBlurError(name)));
  };

  // Changing the description or language drops the translation (decisions.md "Organisation management").
  const setDescription = (description: string) => {
    setValues((v) => ({ ...v, description, translated: '' }));
    setErrors((e) => withError(e, 'description', undefined));
  };
  const setLanguage = (languageId: number) => setValues((v) => ({ ...v, languageId, translated: '' }));

  const translate = async () => {
    const problem = translateError(values.description);
    if (problem) {
      setErrors((e) => withError(e, 'description', problem));
      return;
    }
    setTranslating(true);
    try {
      const answer = await api.call(translateText, {
        body: { translate_text: values.description.trim(), source: translationSource(values.languageId) },
      });
      const text = answer.data.translations[0]?.translatedText ?? '';
      setValues((v) => ({ ...v, translated: text }));
    } catch {
      // The error dialog shows the server's message (503 when no provider is configured).
    } finally {
      setTranslating(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !user) return;
    const found = organizationFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const submission = toSubmission(values);
      const answer =
        mode.kind === 'create'
          ? await api.call(addOrganization, { body: { ...submission, userid: user.user_id } })
          : await api.call(updateOrganization, {
              body: {
                ...submission,
                organizationid: mode.row.organizationid,
                modified_user_id: user.user_id,
                is_name_changed: isNameChanged(mode.row.organization_name, submission.organization_name),
              },
            });
      // The server's text ('Added Successfully' / 'Updated Successfully'), as the 3 s snackbar (001 §8).
      void showToast({ message: answer.message, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      onSaved();
    } catch {
      // The error dialog shows it (a taken name, say); the form stays as typed.
    } finally {
      setSaving(false);
    }
  };

  const translatable = canTranslate(values.languageId);
  const translationLabel = mode.kind === 'create' ? MSG.translatedValue : MSG.translatedNote;
  return (
    <>
      <DialogBody>
        <form id={FORM_ID} noValidate onSubmit={submit}>
          <FormField id="org-name" label={MSG.organizationName} error={errors.name}>
            <InputGroup
              id="org-name"
              value={values.name}
              maxLength={ORG_NAME_MAX}
              intent={errors.name ? Intent.DANGER : Intent.NONE}
              aria-invalid={errors.name !== undefined}
              aria-describedby={errors.name ? describedById('org-name') : undefined}
              onValueChange={setName}
              onBlur={(e) => {
                const blurError = nameBlurError(e.currentTarget.value);
                setErrors((prev) => withError(prev, 'name', blurError));
              }}
            />
          </FormField>
          <div className="org-language-row">
            <FormField id="org-language" label={MSG.sourceLanguage}>
              <HTMLSelect
                id="org-language"
                value={values.languageId}
                disabled={languages === null}
                onChange={(e) => setLanguage(Number(e.currentTarget.value))}
              >
                {(languages ?? [{ language_id: LANGUAGE.default, language: MSG.loading }]).map((l) => (
                  <option key={l.language_id} value={l.language_id}>
                    {l.language}
                  </option>
                ))}
              </HTMLSelect>
            </FormField>
            <Button
              text={MSG.translate}
              icon="translate"
              disabled={!translatable}
              loading={translating}
              onClick={() => void translate()}
            />
          </div>
          <FormField id="org-description" label={MSG.organizationDescription} error={errors.description}>
            <TextArea
              id="org-description"
              fill
              rows={5}
              value={values.description}
              maxLength={ORG_DESCRIPTION_MAX}
              intent={errors.description ? Intent.DANGER : Intent.NONE}
              aria-invalid={errors.description !== undefined}
              aria-describedby={errors.description ? describedById('org-description') : undefined}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
          </FormField>
          {showsTranslation(values.languageId, values.translated) && (
            <FormField id="org-translated" label={translationLabel}>
              <TextArea id="org-translated" fill rows={5} readOnly value={values.translated} />
            </FormField>
          )}
        </form>
      </DialogBody>
      <DialogFooter
        actions={
          <Button type="submit" form={FORM_ID} intent={Intent.PRIMARY} text={MSG.save} loading={saving} />
        }
      />
    </>
  );
}

function withError(
  errors: OrganizationFormErrors,
  field: keyof OrganizationFormErrors,
  message: string | undefined,
): OrganizationFormErrors {
  const { [field]: _, ...rest } = errors;
  return message === undefined ? rest : { ...rest, [field]: message };
}

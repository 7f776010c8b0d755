import {
  Button,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  SegmentedControl,
  TextArea,
} from '@blueprintjs/core';
import {
  addSsResourceFile,
  addSsResourceLink,
  DOCUMENT_MAX_BYTES,
  MSG,
  SS_RESOURCE_CATEGORIES,
  SS_RESOURCE_DESCRIPTION_MAX,
  SS_RESOURCE_TEXT,
  SS_RESOURCE_TITLE_MAX,
  SS_RESOURCE_TYPES,
  type SsResourceCategory,
  ssResourcesList,
} from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { useActionKey } from '../api/action-key';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { showToast } from '../toaster/toast';

type Kind = 'file' | 'link';

export interface AddResourceFormProps {
  readonly onClose: () => void;
  readonly onAdded: () => void;
}

/** What the form can tell before sending; the server decides the type from the file's bytes. */
function fileProblem(file: File | null): string | null {
  if (!file) return SS_RESOURCE_TEXT.noFile;
  if (file.size > DOCUMENT_MAX_BYTES) return SS_RESOURCE_TEXT.tooLarge;
  if (!(file.type in SS_RESOURCE_TYPES)) return SS_RESOURCE_TEXT.wrongType;
  return null;
}

/** A new resource: its organisation, title, category and description, and a file or a link. */
export function AddResourceForm({ onClose, onAdded }: AddResourceFormProps) {
  const { call } = useApi();
  const organizations = useCall(ssResourcesList.calls.filterOptions, {}).data?.data.organization_id ?? [];
  const [organization, setOrganization] = useState('');
  const [kind, setKind] = useState<Kind>('file');
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState<SsResourceCategory>('Guide');
  const [description, setDescription] = useState('');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ title?: string; file?: string; url?: string }>({});
  const [sending, setSending] = useState(false);
  const chosen = organization || organizations[0]?.value || '';
  const key = useActionKey(chosen, kind, title, category, description, url, file?.name, file?.size);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(title.trim() === '' ? { title: MSG.required } : {}),
      ...(kind === 'file' && fileProblem(file) ? { file: fileProblem(file) as string } : {}),
      ...(kind === 'link' && !/^https?:\/\/\S+$/i.test(url.trim()) ? { url: SS_RESOURCE_TEXT.badUrl } : {}),
    };
    setErrors(found);
    if (found.title || found.file || found.url || chosen === '') return;
    const facts = { organization_id: Number(chosen), title, category, description };
    const headers = { 'idempotency-key': key };
    setSending(true);
    try {
      let message: string;
      if (kind === 'file' && file) {
        const form = new FormData();
        form.append('file', file, file.name);
        message = (await call(addSsResourceFile, { query: facts, headers }, { form })).message;
      } else {
        message = (await call(addSsResourceLink, { body: { ...facts, url: url.trim() }, headers })).message;
      }
      void showToast({ message, intent: Intent.SUCCESS });
      onAdded();
    } catch {
      // Shown by the error dialog (000 §8).
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <DialogBody>
        {organizations.length > 1 && (
          <FormGroup label="Organization" labelFor="resource-organization">
            <HTMLSelect
              id="resource-organization"
              fill
              value={chosen}
              options={organizations.map((o) => ({ value: o.value, label: o.label }))}
              onChange={(e) => setOrganization(e.currentTarget.value)}
            />
          </FormGroup>
        )}
        <FormGroup
          label="Title*"
          labelFor="resource-title"
          intent={errors.title ? Intent.DANGER : Intent.NONE}
          helperText={errors.title}
        >
          <InputGroup
            id="resource-title"
            maxLength={SS_RESOURCE_TITLE_MAX}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup label="Category" labelFor="resource-category">
          <HTMLSelect
            id="resource-category"
            fill
            value={category}
            options={[...SS_RESOURCE_CATEGORIES]}
            onChange={(e) => setCategory(e.currentTarget.value as SsResourceCategory)}
          />
        </FormGroup>
        <FormGroup label="Description" labelFor="resource-description">
          <TextArea
            id="resource-description"
            fill
            maxLength={SS_RESOURCE_DESCRIPTION_MAX}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup label="Resource">
          <SegmentedControl
            aria-label="Resource"
            options={[
              { value: 'file', label: 'File' },
              { value: 'link', label: 'Link' },
            ]}
            value={kind}
            onValueChange={(value) => setKind(value as Kind)}
          />
        </FormGroup>
        {kind === 'file' ? (
          <FormGroup
            label="File (PDF, DOCX, PNG or JPEG, up to 10 MB)*"
            labelFor="resource-file"
            intent={errors.file ? Intent.DANGER : Intent.NONE}
            helperText={errors.file}
          >
            <FileInput
              fill
              text={file?.name ?? 'Choose file...'}
              hasSelection={file !== null}
              inputProps={{
                id: 'resource-file',
                accept: Object.keys(SS_RESOURCE_TYPES).join(','),
                'aria-label': 'File',
              }}
              onInputChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            />
          </FormGroup>
        ) : (
          <FormGroup
            label="Web address*"
            labelFor="resource-url"
            intent={errors.url ? Intent.DANGER : Intent.NONE}
            helperText={errors.url}
          >
            <InputGroup
              id="resource-url"
              type="url"
              placeholder="https://"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
            />
          </FormGroup>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button type="submit" intent={Intent.PRIMARY} text="Add" loading={sending} />
          </>
        }
      />
    </form>
  );
}

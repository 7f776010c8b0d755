import { Button, FileInput, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TEXT,
  DOCUMENT_TITLE_MAX,
  DOCUMENT_TYPES,
  MSG,
  uploadPatientDocument,
} from '@rpm/shared';
import { useState } from 'react';
import { useActionKey } from '../../api/action-key';
import { useApi } from '../../errors/ErrorDialogProvider';
import { showToast } from '../../toaster/toast';

type Category = (typeof DOCUMENT_CATEGORIES)[number];

export interface UploadDocumentFormProps {
  readonly patientId: number;
  readonly onUploaded: () => void;
}

/** What the form can tell before sending; the server decides the type from the file's bytes. */
function fileProblem(file: File | null): string | null {
  if (!file) return DOCUMENT_TEXT.noFile;
  if (file.size > DOCUMENT_MAX_BYTES) return DOCUMENT_TEXT.tooLarge;
  if (!(file.type in DOCUMENT_TYPES)) return DOCUMENT_TEXT.wrongType;
  return null;
}

/** The Documents tab's upload: a title, a category and one PDF, PNG or JPEG file. */
export function UploadDocumentForm({ patientId, onUploaded }: UploadDocumentFormProps) {
  const { call } = useApi();
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState<Category>('Consent');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ title?: string; file?: string }>({});
  const [sending, setSending] = useState(false);
  const actionKey = useActionKey(patientId, title, category, file?.name, file?.size, file?.lastModified);

  const upload = async () => {
    const found = {
      ...(title.trim() === '' ? { title: MSG.required } : {}),
      ...(fileProblem(file) ? { file: fileProblem(file) as string } : {}),
    };
    setErrors(found);
    if (found.title || found.file || !file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    setSending(true);
    try {
      const answer = await call(
        uploadPatientDocument,
        { query: { patient_id: patientId, title, category }, headers: { 'idempotency-key': actionKey } },
        { form },
      );
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      setTitle('');
      setFile(null);
      onUploaded();
    } catch {
      // Shown by the error dialog.
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="chart-document-upload">
      <FormGroup
        label="Title"
        labelFor="document-title"
        intent={errors.title ? Intent.DANGER : Intent.NONE}
        helperText={errors.title}
      >
        <InputGroup
          id="document-title"
          maxLength={DOCUMENT_TITLE_MAX}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
        />
      </FormGroup>
      <FormGroup label="Category" labelFor="document-category">
        <HTMLSelect
          id="document-category"
          value={category}
          options={[...DOCUMENT_CATEGORIES]}
          onChange={(e) => setCategory(e.currentTarget.value as Category)}
        />
      </FormGroup>
      <FormGroup
        label="File (PDF, PNG or JPEG, up to 10 MB)"
        labelFor="document-file"
        intent={errors.file ? Intent.DANGER : Intent.NONE}
        helperText={errors.file}
      >
        <FileInput
          text={file?.name ?? 'Choose file...'}
          hasSelection={file !== null}
          inputProps={{
            id: 'document-file',
            accept: Object.keys(DOCUMENT_TYPES).join(','),
            'aria-label': 'File',
          }}
          onInputChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
        />
      </FormGroup>
      <Button intent={Intent.PRIMARY} text="Upload" loading={sending} onClick={() => void upload()} />
    </div>
  );
}

import { Button, Callout, Checkbox, FileInput, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import {
  UPLOAD_CALLS,
  UPLOAD_KIND_INFO,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_ROWS,
  UPLOAD_TEXT,
  type UploadKind,
  type UploadSummary,
} from '@rpm/shared';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { ApiError } from '../api/api-error';
import { call } from '../api/call';
import { downloadFile } from '../api/download';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { MappingDialog } from './MappingDialog';
import { UploadSummaryView } from './UploadSummaryView';
import './uploads.css';

/** The header row of a chosen file, read in the browser for the mapping dialog (quoted names too). */
async function headersOf(file: File): Promise<string[]> {
  const text = (await file.slice(0, 64 * 1024).text()).replace(/^\uFEFF/, '');
  const headers: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') cell += text[++i];
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      headers.push(cell.trim());
      cell = '';
    } else if (c === '\n' || c === '\r') break;
    else cell += c;
  }
  return [...headers, cell.trim()].filter((h) => h !== '');
}

/** The column guide: each column's header, whether the file must have it, and how a value is written. */
function ColumnGuide({ kind }: { readonly kind: UploadKind }) {
  return (
    <details className="upload-guide">
      <summary>Columns of the file</summary>
      <ul>
        {UPLOAD_KIND_INFO[kind].columns.map((c) => (
          <li key={c.field}>
            <strong>{c.header}</strong>
            {c.required ? ' (required)' : ''}: {c.how}
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * Bulk Uploads and Inventory Uploads (000 §2.4; decisions.md "CSV uploads"): the template and column
 * guide, the organisation's column mapping, a CSV file previewed with every row's problems, the choices
 * ('All or nothing', 'Update existing records'), the commit, and the error report. `?upload=` opens a kept upload.
 */
export function UploadPage({
  kind,
  onCommitted,
}: {
  readonly kind: UploadKind;
  /** Called after a commit wrote rows (Billing Uploads reloads its worklist). */
  readonly onCommitted?: () => void;
}) {
  const calls = UPLOAD_CALLS[kind];
  const info = UPLOAD_KIND_INFO[kind];
  const api = useApi();
  const setup = useCall(calls.setup, {});
  const opened = Number(new URLSearchParams(useSearch()).get('upload') ?? '') || null;
  const [organizationId, setOrganizationId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileHeaders, setFileHeaders] = useState<string[]>([]);
  const [summary, setSummary] = useState<UploadSummary | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [allOrNothing, setAllOrNothing] = useState(false);
  const [updateExisting, setUpdateExisting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [mapping, setMapping] = useState(false);
  const [savedNow, setSavedNow] = useState<Record<number, Record<string, string>>>({});

  const organizations = setup.data?.data.organizations ?? [];
  const organization = organizationId ?? organizations[0]?.value ?? null;
  const saved =
    (organization !== null &&
      (savedNow[organization] ??
        setup.data?.data.mappings.find((m) => m.organization_id === organization)?.mapping)) ||
    {};

  useEffect(() => {
    if (opened === null) return;
    api.call(calls.get, { query: { upload_id: opened } }).then(
      (answer) => setSummary(answer.data),
      () => undefined,
    );
  }, [opened, calls, api]);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setRefused(null);
    setFileHeaders(chosen ? await headersOf(chosen) : []);
  };

  const preview = async () => {
    if (!file) return setRefused(UPLOAD_TEXT.noFile);
    if (file.size > UPLOAD_MAX_BYTES) return setRefused(UPLOAD_TEXT.tooLarge);
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy(true);
    setRefused(null);
    setResult(null);
    try {
      const answer = await call(
        calls.preview,
        { query: organization === null ? {} : { organization_id: organization } },
        { form },
      );
      setSummary(answer.data);
    } catch (error) {
      // A file refused whole is named beside the picker; anything else goes to the error dialog.
      if (error instanceof ApiError && error.status === 400) setRefused(error.message);
      else if (error instanceof ApiError) void api.showError(error);
    } finally {
      setBusy(false);
    }
  };

  const commit = async () => {
    if (!summary) return;
    setBusy(true);
    try {
      const answer = await api.call(calls.commit, {
        body: { upload_id: summary.upload_id, all_or_nothing: allOrNothing, update_existing: updateExisting },
      });
      setSummary(answer.data);
      setResult(answer.message);
      if (answer.data.status === 'committed') onCommitted?.();
    } catch {
      // Shown by the error dialog.
    } finally {
      setBusy(false);
    }
  };

  const problems = summary ? summary.counts.invalid + summary.counts.duplicate : 0;
  const download = (which: 'template' | 'report') =>
    void (
      which === 'template'
        ? downloadFile(calls.template, {}, info.template)
        : downloadFile(calls.errorReport, { query: { upload_id: summary?.upload_id ?? 0 } }, 'problems.csv')
    ).catch((error: unknown) => (error instanceof ApiError ? api.showError(error) : undefined));

  return (
    <div className="upload-page">
      <div className="upload-toolbar">
        <Button icon="download" text="Download template" onClick={() => download('template')} />
        {organizations.length > 1 && (
          <HTMLSelect
            aria-label="Organization"
            value={organization ?? ''}
            onChange={(e) => setOrganizationId(Number(e.currentTarget.value))}
            options={organizations.map((o) => ({ value: o.value, label: o.label }))}
          />
        )}
        <Button
          icon="exchange"
          text="Column mapping"
          disabled={organization === null}
          onClick={() => setMapping(true)}
        />
      </div>
      <ColumnGuide kind={kind} />
      <FormGroup
        label={`CSV file (UTF-8, at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MiB and ${UPLOAD_MAX_ROWS.toLocaleString('en-US')} rows)`}
        labelFor={`upload-file-${kind}`}
        intent={refused ? Intent.DANGER : Intent.NONE}
      >
        <div className="upload-picker">
          <FileInput
            inputProps={{ id: `upload-file-${kind}`, accept: '.csv,text/csv' }}
            text={file?.name ?? 'Choose a CSV file...'}
            hasSelection={file !== null}
            onInputChange={(e) => void choose(e.currentTarget.files?.[0] ?? null)}
          />
          <Button intent={Intent.PRIMARY} text="Preview" loading={busy} onClick={() => void preview()} />
        </div>
      </FormGroup>
      {refused && (
        <Callout intent={Intent.DANGER} role="alert" className="upload-refused">
          {refused}
        </Callout>
      )}
      {summary && (
        <>
          {result && (
            <Callout intent={summary.status === 'committed' ? Intent.SUCCESS : Intent.WARNING} role="status">
              {result}
            </Callout>
          )}
          <UploadSummaryView summary={summary} />
          <div className="upload-actions">
            {summary.status !== 'committed' && (
              <>
                <Checkbox
                  label="All or nothing: write nothing if any row has a problem"
                  checked={allOrNothing}
                  onChange={(e) => setAllOrNothing(e.currentTarget.checked)}
                />
                <Checkbox
                  label={`Update existing records (${summary.counts.update} with other values)`}
                  checked={updateExisting}
                  onChange={(e) => setUpdateExisting(e.currentTarget.checked)}
                />
                <Button intent={Intent.PRIMARY} text="Commit" loading={busy} onClick={() => void commit()} />
              </>
            )}
            <Button
              icon="download"
              text="Download error report"
              disabled={problems === 0 && summary.counts.update === 0}
              onClick={() => download('report')}
            />
          </div>
        </>
      )}
      {mapping && organization !== null && (
        <MappingDialog
          kind={kind}
          organizationId={organization}
          saved={saved}
          fileHeaders={fileHeaders}
          onClose={(next) => {
            setMapping(false);
            if (next) setSavedNow({ ...savedNow, [organization]: next });
          }}
        />
      )}
    </div>
  );
}

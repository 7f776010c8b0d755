import { Alert, Button, Dialog, DialogBody, Intent } from '@blueprintjs/core';
import {
  deletePatientDocument,
  displayDate,
  formatFileSize,
  getPatientDocumentFile,
  getPatientDocuments,
  MSG,
  type PatientDocument,
} from '@rpm/shared';
import { useEffect, useState } from 'react';
import { ApiError } from '../api/api-error';
import { callRaw } from '../api/call';
import { downloadFile } from '../api/download';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { TablePager } from '../list/TablePager';
import { usePaging } from '../list/use-paging';
import { showToast } from '../toaster/toast';
import { ChartTable } from './ChartTable';
import { UploadDocumentForm } from './documents/UploadDocumentForm';
import './documents/documents.css';

/** How long a PDF opened in a new tab keeps its object URL (the tab has read it long before). */
const PDF_URL_LIFETIME_MS = 60_000;

/** An image shown in the tab's viewer, with the object URL to release on close. */
interface Viewed {
  readonly title: string;
  readonly url: string;
}

/**
 * The Documents tab (000 §2.3 documents): upload, the patient's documents a page at a time, View (images
 * in a dialog, PDFs in a new browser tab: decisions.md "Documents"), Download and Delete.
 */
export function DocumentsTab({ patientId }: { readonly patientId: number }) {
  const { call, showError } = useApi();
  const paging = usePaging(patientId);
  const { data, reload } = useCall(getPatientDocuments, {
    query: { patient_id: patientId, ...paging.query },
  });
  const [viewed, setViewed] = useState<Viewed | null>(null);
  const [removing, setRemoving] = useState<PatientDocument | null>(null);

  useEffect(() => () => (viewed ? URL.revokeObjectURL(viewed.url) : undefined), [viewed]);

  const view = async (doc: PatientDocument) => {
    try {
      const response = await callRaw(getPatientDocumentFile, { query: { document_id: doc.document_id } });
      const url = URL.createObjectURL(await response.blob());
      if (doc.content_type.startsWith('image/')) return setViewed({ title: doc.title, url });
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), PDF_URL_LIFETIME_MS);
    } catch (error) {
      if (error instanceof ApiError) void showError(error);
    }
  };

  const download = async (doc: PatientDocument) => {
    try {
      await downloadFile(getPatientDocumentFile, { query: { document_id: doc.document_id } }, doc.file_name);
    } catch (error) {
      if (error instanceof ApiError) void showError(error);
    }
  };

  const remove = async () => {
    if (!removing) return;
    try {
      const answer = await call(deletePatientDocument, { body: { document_id: removing.document_id } });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      reload();
    } catch {
      // Shown by the error dialog.
    } finally {
      setRemoving(null);
    }
  };

  return (
    <div className="chart-documents">
      <UploadDocumentForm patientId={patientId} onUploaded={reload} />
      <ChartTable
        rows={data?.data}
        columns={['Title', 'Category', 'File', 'Size', 'Uploaded By', 'Uploaded On', 'Actions']}
      >
        {(doc) => (
          <tr key={doc.document_id}>
            <td>{doc.title}</td>
            <td>{doc.category}</td>
            <td>{doc.file_name}</td>
            <td>{formatFileSize(doc.size_bytes)}</td>
            <td>{doc.uploaded_by_name}</td>
            <td>{displayDate(doc.uploaded_at)}</td>
            <td>
              <Button small minimal icon="eye-open" text="View" onClick={() => void view(doc)} />
              <Button small minimal icon="download" text="Download" onClick={() => void download(doc)} />
              <Button
                small
                minimal
                icon="trash"
                intent={Intent.DANGER}
                text="Delete"
                onClick={() => setRemoving(doc)}
              />
            </td>
          </tr>
        )}
      </ChartTable>
      {data && <TablePager {...paging.pager} count={data.count} />}
      <Dialog isOpen={viewed !== null} title={viewed?.title} onClose={() => setViewed(null)}>
        <DialogBody>
          {viewed && <img className="chart-document-image" src={viewed.url} alt={viewed.title} />}
        </DialogBody>
      </Dialog>
      <Alert
        isOpen={removing !== null}
        intent={Intent.DANGER}
        confirmButtonText={MSG.yes}
        cancelButtonText={MSG.no}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      >
        <p>Delete the document '{removing?.title}' from the chart?</p>
      </Alert>
    </div>
  );
}

import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TEXT,
  deletePatientDocument,
  getPatientDocuments,
  MSG,
  type PatientDocument,
  uploadPatientDocument,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { DocumentsTab } from './DocumentsTab';

vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));

const consent: PatientDocument = {
  document_id: 4,
  patient_id: 5,
  title: 'Signed consent',
  category: 'Consent',
  file_name: 'consent.pdf',
  content_type: 'application/pdf',
  size_bytes: 14_540,
  uploaded_by_name: 'Dana Nurse',
  uploaded_at: '2026-11-20T15:00:00.000Z',
};

function open(docs: PatientDocument[] = [consent]) {
  storeUser(makeUser({ user_id: 42, roleid: [8], pages: ['Patient Chart'] }));
  const server = fakeServer()
    .on(getPatientDocuments, () => ({ status: 1, data: docs, count: docs.length }))
    .on(uploadPatientDocument, () => ({ status: 1, message: 'Added Successfully', data: consent }))
    .on(deletePatientDocument, { status: 1, message: DOCUMENT_TEXT.deleted });
  renderWithProviders(<DocumentsTab patientId={5} />, '/app/patient-chart/documents/5');
  return { server, user: userEvent.setup({ applyAccept: false }) };
}

const pdf = (size = 1200, type = 'application/pdf', name = 'order.pdf') =>
  new File([new Uint8Array(size)], name, { type });

describe('Documents tab (000 §2.3 documents; issue 13)', () => {
  it('lists the documents with their size and day, and uploads a titled file as multipart', async () => {
    const { server, user } = open();
    const row = (await screen.findByText('Signed consent')).closest('tr') as HTMLElement;
    expect(within(row).getByText('14.2 KB')).toBeTruthy();
    expect(within(row).getByText('11/20/2026')).toBeTruthy();

    await user.type(screen.getByLabelText('Title'), 'RPM order');
    await user.selectOptions(screen.getByLabelText('Category'), 'Order');
    await user.upload(screen.getByLabelText('File'), pdf());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(server.requests(uploadPatientDocument)).toHaveLength(1));
    const sent = server.last(uploadPatientDocument);
    expect(sent?.query).toEqual({ patient_id: '5', title: 'RPM order', category: 'Order' });
    expect((sent?.form?.get('file') as File | undefined)?.name).toBe('order.pdf');
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(server.requests(getPatientDocuments)).toHaveLength(2));
  });

  it('refuses a missing title, an oversized file and a file that is no PDF or image before sending', async () => {
    const { server, user } = open([]);
    expect(await screen.findByText(MSG.noDataFound)).toBeTruthy();
    await user.upload(screen.getByLabelText('File'), pdf(DOCUMENT_MAX_BYTES + 1));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText(MSG.required)).toBeTruthy();
    expect(screen.getByText(DOCUMENT_TEXT.tooLarge)).toBeTruthy();
    await user.type(screen.getByLabelText('Title'), 'Notes');
    await user.upload(screen.getByLabelText('File'), pdf(10, 'text/plain', 'notes.txt'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText(DOCUMENT_TEXT.wrongType)).toBeTruthy();
    expect(server.requests(uploadPatientDocument)).toHaveLength(0);
  });

  it('deletes a document after confirmation', async () => {
    const { server, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(screen.getByText("Delete the document 'Signed consent' from the chart?")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: MSG.yes }));
    await waitFor(() => expect(server.bodies(deletePatientDocument)).toEqual([{ document_id: 4 }]));
  });
});

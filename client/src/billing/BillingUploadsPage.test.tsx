import {
  type CallDef,
  CLAIM_TEXT,
  type DenialRow,
  denialsList,
  resubmitClaimLine,
  UPLOAD_CALLS,
  type UploadSummary,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, pageOf } from '../test/fake-server';
import { listPatientOf, makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { BillingUploadsPage } from './BillingUploadsPage';

vi.setConfig({ testTimeout: 20_000 });

const calls = UPLOAD_CALLS.claims;
const listCall = denialsList.calls.list as unknown as CallDef;

const denial: DenialRow = {
  line_id: 7,
  patient_id: 41,
  patient_name: 'Claimson, Rosa',
  patient: listPatientOf(41, 'Claimson, Rosa', { mrn: 'CS-0001' }),
  mrn: 'CS-0001',
  practice_name: 'Northwind Cardiology',
  claim_number: 'W-1',
  cpt_code: '99454',
  date_of_service: '2026-10-05',
  amount: 51.77,
  denial_reason: 'CO-197 Precertification/authorization absent',
  age_days: 41,
  claim_sent: '2026-11-03',
  history: 'Denied 11/12/2026',
};

/** The preview of a two-row file whose second row has a bad status. */
function summaryOf(status: UploadSummary['status']): UploadSummary {
  return {
    upload_id: 12,
    kind: 'claims',
    file_name: 'payer.csv',
    uploaded_by: 'Linda Morales',
    uploaded_at: '2026-11-15T12:00:00.000Z',
    status,
    committed_at: status === 'committed' ? '2026-11-15T12:01:00.000Z' : null,
    all_or_nothing: status === 'committed' ? false : null,
    update_existing: status === 'committed' ? false : null,
    counts: {
      rows: 2,
      new: 1,
      update: 0,
      unchanged: 0,
      duplicate: 0,
      invalid: 1,
      created: status === 'committed' ? 1 : 0,
      updated: 0,
    },
    columns: ['claim', 'patient_mrn', 'code', 'date_of_service', 'status', 'amount', 'denial_reason'],
    ignored_columns: [],
    rows: [
      {
        row: 2,
        outcome: 'new',
        cells: ['W-9', 'CS-0001', '99457', '10/09/2026', 'denied', '20.00', 'CO-16'],
        problems: [],
      },
      {
        row: 3,
        outcome: 'invalid',
        cells: ['W-10', 'CS-0001', '99457', '10/09/2026', 'pending', '20.00', ''],
        problems: [{ column: 'status', message: CLAIM_TEXT.status }],
      },
    ],
  };
}

beforeEach(() => {
  storeUser(makeUser({ pages: ['Billing Uploads'] }));
});

function serve(rows: () => DenialRow[]) {
  return fakeServer()
    .on(calls.setup, () => ({
      status: 1,
      data: { organizations: [{ value: 1, label: 'Northwind' }], mappings: [] },
    }))
    .on(listCall, (r) => pageOf(rows(), r.query))
    .on(denialsList.calls.filterOptions as unknown as CallDef, () => ({
      status: 1,
      data: { practice: [], reason: [] },
    }))
    .on(calls.preview, () => ({ status: 1, data: summaryOf('previewed') }))
    .on(calls.commit, () => ({ status: 1, message: '1 added, 0 updated.', data: summaryOf('committed') }))
    .on(resubmitClaimLine, () => ({ status: 1, message: CLAIM_TEXT.resubmitted }));
}

describe('Billing Uploads (000 §2.4; decisions.md "Billing Uploads", "Denials worklist")', () => {
  it('explains the file, previews it with the bad row named, commits it and reloads the worklist', async () => {
    const server = serve(() => [denial]);
    renderWithProviders(<BillingUploadsPage />, '/app/billing-uploads');
    expect(
      screen.getByText('claim,patient_mrn,code,date_of_service,status,amount,denial_reason'),
    ).toBeTruthy();
    expect(screen.getByText(/the same file twice changes nothing/)).toBeTruthy();
    await screen.findByText('W-1');
    const loads = server.requests(listCall).length;
    const user = userEvent.setup();
    const file = new File(['claim,patient_mrn\n'], 'payer.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText(/^CSV file/), file);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const rows = await screen.findByRole('region', { name: 'Rows of the file' });
    expect(within(rows).getByText(`status: ${CLAIM_TEXT.status}`)).toBeTruthy();
    expect(server.requests(calls.preview)[0]?.form?.get('file')).toBeInstanceOf(File);
    await user.click(screen.getByRole('button', { name: 'Commit' }));
    await screen.findByText('1 added, 0 updated.');
    await waitFor(() => expect(server.requests(listCall).length).toBeGreaterThan(loads));
  });

  it('lists each denial with its claim and takes a resubmitted one off the list', async () => {
    let rows = [denial];
    const server = serve(() => rows);
    renderWithProviders(<BillingUploadsPage />, '/app/billing-uploads');
    const table = await screen.findByRole('grid');
    expect(within(table).getByText('CO-197 Precertification/authorization absent')).toBeTruthy();
    expect(within(table).getByText('$51.77')).toBeTruthy();
    expect(within(table).getByText('11/03/2026')).toBeTruthy();
    rows = [];
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resubmit claim W-1 99454' }));
    expect(server.bodies(resubmitClaimLine)).toEqual([{ line_id: 7 }]);
    await waitFor(() => expect(screen.queryByText('W-1')).toBeNull());
  });
});

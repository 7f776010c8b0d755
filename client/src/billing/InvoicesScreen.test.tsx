import {
  type CallDef,
  creditInvoice,
  INVOICE_TEXT,
  type InvoiceRow,
  invoicePdf,
  invoicesList,
  issueInvoice,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, pageOf } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { endedMonths, InvoicesScreen } from './InvoicesScreen';

vi.setConfig({ testTimeout: 20_000 });

const listCall = invoicesList.calls.list as unknown as CallDef;
const optionsCall = invoicesList.calls.filterOptions as unknown as CallDef;

const invoice: InvoiceRow = {
  invoice_id: 5,
  number: 'INV-2026-000001',
  kind: 'Invoice',
  practice_id: 3,
  practice_name: 'Northwind Heart Clinic',
  period: '2026-10',
  issued_at: '2026-11-15T12:00:00.000Z',
  issued_by: 'Linda Morales',
  total: 676.45,
  status: 'Issued',
  reference: null,
};

beforeEach(() => {
  storeUser(makeUser({ pages: ['Invoices'] }));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function serve(rows: () => InvoiceRow[]) {
  return fakeServer()
    .on(listCall, (r) => pageOf(rows(), r.query))
    .on(optionsCall, () => ({
      status: 1,
      data: {
        practice: [
          { value: '3', label: 'Northwind Heart Clinic' },
          { value: '4', label: 'Northwind Vascular Center' },
        ],
        month: [{ value: '2026-10', label: '2026-10' }],
      },
    }))
    .on(issueInvoice, () => ({
      status: 1,
      message: INVOICE_TEXT.issued('INV-2026-000002'),
      invoice_id: 6,
      number: 'INV-2026-000002',
      total: 120,
    }))
    .on(creditInvoice, () => ({
      status: 1,
      message: INVOICE_TEXT.credited('CN-2026-000001'),
      invoice_id: 7,
      number: 'CN-2026-000001',
      total: -676.45,
    }))
    .on(
      invoicePdf,
      () =>
        new Response('%PDF-1.7', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="INV-2026-000001.pdf"',
          },
        }),
    );
}

describe('endedMonths', () => {
  it('offers the twelve months that have ended, newest first, across a year', () => {
    const months = endedMonths(new Date('2026-02-10T12:00:00Z'));
    expect(months).toHaveLength(12);
    expect(months.slice(0, 3)).toEqual(['2026-01', '2025-12', '2025-11']);
    expect(months.at(-1)).toBe('2025-02');
  });
});

describe('Invoices (000 §2.4; decisions.md "Invoices")', () => {
  it('lists invoices and issues one for the practice and month chosen, then reloads the list', async () => {
    const server = serve(() => [invoice]);
    renderWithProviders(<InvoicesScreen />, '/app/invoices');
    const table = await screen.findByRole('grid');
    expect(within(table).getByText('INV-2026-000001')).toBeTruthy();
    expect(within(table).getByText('$676.45')).toBeTruthy();
    const loads = server.requests(listCall).length;
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Issue Invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue Invoice' });
    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: 'Northwind Vascular Center' })).toBeTruthy(),
    );
    await user.selectOptions(within(dialog).getByLabelText('Practice*'), '4');
    const month = endedMonths(new Date())[1] as string;
    await user.selectOptions(within(dialog).getByLabelText('Month*'), month);
    await user.click(within(dialog).getByRole('button', { name: 'Issue Invoice' }));
    await screen.findByText(INVOICE_TEXT.issued('INV-2026-000002'));
    expect(server.bodies(issueInvoice)).toEqual([{ practice_id: 4, month }]);
    await waitFor(() => expect(server.requests(listCall).length).toBeGreaterThan(loads));
  });

  it('credits an issued invoice with the reason typed; a credited one offers no Credit', async () => {
    const server = serve(() => [
      invoice,
      { ...invoice, invoice_id: 4, number: 'INV-2026-000000', status: 'Credited' },
    ]);
    renderWithProviders(<InvoicesScreen />, '/app/invoices');
    await screen.findByText('INV-2026-000000');
    expect(screen.queryByRole('button', { name: 'Issue a credit note for INV-2026-000000' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Issue a credit note for INV-2026-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue Credit Note' });
    const submit = within(dialog).getByRole('button', { name: 'Issue Credit Note' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByLabelText('Reason*'), 'Billed twice');
    await user.click(submit);
    await screen.findByText(INVOICE_TEXT.credited('CN-2026-000001'));
    expect(server.bodies(creditInvoice)).toEqual([{ invoice_id: 5, reason: 'Billed twice' }]);
  });

  it("downloads a row's PDF under the server's file name", async () => {
    const server = serve(() => [invoice]);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice'), revokeObjectURL: vi.fn() }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    renderWithProviders(<InvoicesScreen />, '/app/invoices');
    await screen.findByText('INV-2026-000001');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download INV-2026-000001 as PDF' }));
    await waitFor(() => expect(saved).toEqual(['INV-2026-000001.pdf blob:invoice']));
    expect(server.last(invoicePdf)?.query).toEqual({ invoice_id: '5' });
  });
});

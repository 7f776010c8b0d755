import { awsTasksList, type CallDef, type CallTaskRow, TASK_CALL_EVENTS } from '@rpm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageArea } from '../shell/PageArea';
import { fakeServer, pageOf } from '../test/fake-server';
import { listPatientOf, makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';

vi.setConfig({ testTimeout: 20_000 });

const listCall = awsTasksList.calls.list as unknown as CallDef;

function toCall(id: number, overrides: Partial<CallTaskRow> = {}): CallTaskRow {
  return {
    item_id: id,
    source: 'outreach',
    patient_id: 100 + id,
    patient_name: `Roe ${id}, Ann`,
    patient: listPatientOf(100 + id, `Roe ${id}, Ann`),
    practice_name: 'Northwind Heart Clinic',
    reason: 'Call patient: no readings for 5 days',
    mobile: '9195550777',
    phone: null,
    due_at: '2026-03-20T15:00:00Z',
    created_at: '2026-03-18T08:00:00Z',
    ...overrides,
  };
}

const dialled: { type: string; detail: unknown }[] = [];
const listen = (event: Event) => dialled.push({ type: event.type, detail: (event as CustomEvent).detail });

beforeEach(() => {
  dialled.length = 0;
  for (const name of Object.values(TASK_CALL_EVENTS)) window.addEventListener(name, listen);
  // A call link without the 'Aws Call' page opens the call pages (000 §6.2).
  storeUser(makeUser({ pages: ['Dashboard'], aws_link: 'https://demo-clinic.my.connect.aws/ccp-v2' }));
});
afterEach(() => {
  for (const name of Object.values(TASK_CALL_EVENTS)) window.removeEventListener(name, listen);
});

describe('AWS Tasks (000 §2.4, §4.9)', () => {
  it("lists the patients to call; Call Mobile / Call Phone send the softphone's window event with the patient and number", async () => {
    const server = fakeServer()
      .on(listCall, (r) =>
        pageOf([toCall(2), toCall(5, { source: 'callback', mobile: null, phone: '3125550188' })], r.query),
      )
      .on(awsTasksList.calls.filterOptions as unknown as CallDef, () => ({
        status: 1,
        data: { practice: [] },
      }));
    renderWithProviders(
      <PageArea pathname="/app/aws-tasks" title="AWS Tasks" notFound={false} />,
      '/app/aws-tasks',
    );
    await screen.findByText('ROE 2, ANN');
    expect(server.last(listCall)?.query).toMatchObject({ orderby: 'due_at', order: 'asc' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Call Roe 2, Ann on the mobile' }));
    expect(
      (screen.getByRole('button', { name: 'Call Roe 2, Ann on the phone' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Call Roe 5, Ann on the mobile' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Call Roe 5, Ann on the phone' }));
    await waitFor(() => expect(dialled).toHaveLength(2));
    expect(dialled).toEqual([
      { type: 'make_task_call_mobile', detail: { patient_id: 102, number: '9195550777' } },
      { type: 'make_task_call_phone', detail: { patient_id: 105, number: '3125550188' } },
    ]);
  });
});

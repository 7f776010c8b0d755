import {
  assignTranscript,
  type CallDef,
  completeTranscript,
  displayDateTime,
  getTranscriptAssignees,
  MSG,
  TRANSCRIPT_TEXT,
  type TranscriptRow,
  transcriptQueuesList,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, pageOf } from '../test/fake-server';
import { listPatientOf, makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { TranscriptQueuesScreen } from './TranscriptQueuesScreen';

vi.setConfig({ testTimeout: 20_000 });

const listCall = transcriptQueuesList.calls.list as unknown as CallDef;
const optionsCall = transcriptQueuesList.calls.filterOptions as unknown as CallDef;
const ME = 42;

function transcript(id: number, over: Partial<TranscriptRow> = {}): TranscriptRow {
  const name = `ROE ${id}, ANN`;
  return {
    transcript_id: id,
    call_id: 100 + id,
    contact_id: `contact-${id}`,
    recorded_at: `2026-11-1${id}T14:30:00.000Z`,
    kind: 'Voicemail',
    phone_number: '+19195550142',
    duration_seconds: 45,
    patient_id: 10 + id,
    patient_name: name,
    patient: listPatientOf(10 + id, name),
    practice_name: 'Northwind Heart Clinic',
    status: 'Queued',
    assignee: null,
    assigned_to_me: false,
    completed_at: null,
    completed_by: null,
    ...over,
  };
}

/** The recording's name in the row's spoken labels. */
const named = (row: TranscriptRow) => `${row.kind} of ${displayDateTime(row.recorded_at)}`;

const ROWS = [
  transcript(1),
  transcript(2, { status: 'Assigned', assignee: 'Avery Collins' }),
  transcript(3, { status: 'Assigned', assignee: 'Dana Nurse', assigned_to_me: true }),
  transcript(4, { status: 'Completed', assignee: 'Dana Nurse', completed_by: 'Dana Nurse' }),
];

beforeEach(() => {
  storeUser(makeUser({ user_id: ME, pages: ['Billing Utility'] }));
});

function serve() {
  return fakeServer()
    .on(listCall, (r) => pageOf(ROWS, r.query))
    .on(optionsCall, () => ({
      status: 1,
      data: { practice: [{ value: '3', label: 'Northwind Heart Clinic' }] },
    }))
    .on(getTranscriptAssignees, () => ({
      status: 1,
      data: [
        { user_id: 1, name: 'Avery Collins' },
        { user_id: ME, name: 'Dana Nurse' },
      ],
    }))
    .on(assignTranscript, () => ({ status: 1, message: TRANSCRIPT_TEXT.assigned }))
    .on(completeTranscript, () => ({ status: 1, message: TRANSCRIPT_TEXT.completed, data: { note_id: 9 } }));
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Transcript Queues (decisions.md "Transcript Queues")', () => {
  it('offers each action only where it applies', async () => {
    serve();
    renderWithProviders(<TranscriptQueuesScreen />, '/app/transcript-queues');
    await screen.findByText('Avery Collins');
    const [queued, others, mine, done] = ROWS as [TranscriptRow, TranscriptRow, TranscriptRow, TranscriptRow];
    expect(button(`Assign the ${named(queued)} to me`).disabled).toBe(false);
    expect(button(`Complete the ${named(queued)}`).disabled).toBe(false);
    // Someone else's: it can be taken over, not completed.
    expect(button(`Assign the ${named(others)} to me`).disabled).toBe(false);
    expect(button(`Complete the ${named(others)}`).disabled).toBe(true);
    expect(button(`Assign the ${named(mine)} to me`).disabled).toBe(true);
    expect(button(`Complete the ${named(mine)}`).disabled).toBe(false);
    for (const action of [
      `Assign the ${named(done)} to me`,
      `Assign the ${named(done)}`,
      `Complete the ${named(done)}`,
    ])
      expect(button(action).disabled).toBe(true);
  });

  it('assigns a recording to the signed-in user, then reloads', async () => {
    const server = serve();
    renderWithProviders(<TranscriptQueuesScreen />, '/app/transcript-queues');
    await screen.findByText('Avery Collins');
    const loads = server.requests(listCall).length;
    await userEvent.setup().click(button(`Assign the ${named(ROWS[0] as TranscriptRow)} to me`));
    await screen.findByText(TRANSCRIPT_TEXT.assigned);
    expect(server.bodies(assignTranscript)).toEqual([{ transcript_id: 1, assigned_to: ME }]);
    await waitFor(() => expect(server.requests(listCall).length).toBeGreaterThan(loads));
  });

  it('assigns to someone the server offers', async () => {
    const server = serve();
    const ui = userEvent.setup();
    renderWithProviders(<TranscriptQueuesScreen />, '/app/transcript-queues');
    await screen.findByText('Avery Collins');
    await ui.click(button(`Assign the ${named(ROWS[1] as TranscriptRow)}`));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Transcript' });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Dana Nurse' })).toBeTruthy());
    expect(server.last(getTranscriptAssignees)?.query).toEqual({ transcript_id: '2' });
    await ui.selectOptions(within(dialog).getByLabelText('Assign to*'), String(ME));
    await ui.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(server.bodies(assignTranscript)).toEqual([{ transcript_id: 2, assigned_to: ME }]),
    );
  });

  it('completes with the text typed, required first', async () => {
    const server = serve();
    const ui = userEvent.setup();
    renderWithProviders(<TranscriptQueuesScreen />, '/app/transcript-queues');
    await screen.findByText('Avery Collins');
    const loads = server.requests(listCall).length;
    await ui.click(button(`Complete the ${named(ROWS[2] as TranscriptRow)}`));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Transcript' });
    expect(within(dialog).getByText(/contact contact-3/)).toBeTruthy();
    await ui.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(within(dialog).getByText(MSG.required)).toBeTruthy();
    expect(server.requests(completeTranscript)).toHaveLength(0);
    await ui.type(within(dialog).getByLabelText('Transcript or summary*'), 'Asks for a call back.');
    await ui.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await screen.findByText(TRANSCRIPT_TEXT.completed);
    expect(server.bodies(completeTranscript)).toEqual([
      { transcript_id: 3, transcript: 'Asks for a call back.' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Complete Transcript' })).toBeNull());
    await waitFor(() => expect(server.requests(listCall).length).toBeGreaterThan(loads));
  });
});

import {
  addPatientReminder,
  getMessageTemplates,
  getPatientClinical,
  getPatientMessages,
  getPatientReminders,
  MESSAGE_STATUS_TEXT,
  MSG,
  type PatientMessage,
  type PatientReminder,
  sendPatientMessage,
  type Tip,
  tipMessage,
  tipsFor,
} from '@rpm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { serveChart } from './chart-test-server';
import { MessagesTab } from './MessagesTab';
import { PatientChartPage } from './PatientChartPage';
import { ReminderTab } from './ReminderTab';

vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));

function open(ui: ReactElement, server: FakeServer, path = '/app/patient-chart/messages/5') {
  storeUser(makeUser({ user_id: 42, roleid: [8], pages: ['Patient Chart'] }));
  renderWithProviders(ui, path);
  return { server, user: userEvent.setup() };
}

const message = (message_id: number, extra: Partial<PatientMessage>): PatientMessage => ({
  message_id,
  direction: 'out',
  body: 'Hello',
  phone: '+12025550277',
  status: 'not_sent',
  status_detail: MESSAGE_STATUS_TEXT.not_sent,
  template_id: null,
  reminder_id: null,
  sender_name: 'Dana Nurse',
  created_at: '2026-11-21T08:00:00.000Z',
  status_at: '2026-11-21T08:00:00.000Z',
  ...extra,
});

const templates = {
  status: 1,
  data: [
    {
      category_id: 2,
      name: 'Appointments',
      templates: [
        { template_id: 7, category_id: 2, title: 'Please call us', body: 'Hello {first_name}, please call.' },
      ],
    },
  ],
};

describe('Messages and Reminder tabs (issue 13)', () => {
  it("a tip's 'Send as Message' opens the Messages tab with the tip's text in the composer", async () => {
    const tip = tipsFor([])[0] as Tip;
    const server = serveChart()
      .on(getPatientClinical, { status: 1, data: { diagnoses: [], medications: [], allergies: [] } })
      .on(getMessageTemplates, templates)
      .on(getPatientMessages, { status: 1, count: 0, data: [] });
    storeUser(makeUser({ user_id: 42, roleid: [8], pages: ['Patient Chart'] }));
    const view = renderWithProviders(<PatientChartPage />, '/app/patient-chart/tips/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Send '${tip.title}' as a message` }));
    expect(view.path()).toBe(`/app/patient-chart/messages/5?tip=${tip.id}`);
    await waitFor(() =>
      expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe(tipMessage(tip)),
    );
    // Nothing is sent until the user sends it.
    expect(server.bodies(sendPatientMessage)).toEqual([]);
  });

  it('shows the thread with delivery status and sends a template filled with the first name, with minutes', async () => {
    const { server, user } = open(
      <MessagesTab patientId={5} firstName="Ann" />,
      serveChart()
        .on(getMessageTemplates, templates)
        .on(getPatientMessages, {
          status: 1,
          count: 2,
          data: [
            message(2, {
              direction: 'in',
              body: 'Cuff works now',
              status: 'received',
              status_detail: null,
              sender_name: null,
            }),
            message(1, { body: 'Please take your reading' }),
          ],
        })
        .on(sendPatientMessage, ({ body }) => ({
          status: 1,
          message: MSG.addedSuccessfully,
          data: message(3, { body: body.body, template_id: 7 }),
        })),
    );
    expect(await screen.findByText('Cuff works now')).toBeTruthy();
    expect(screen.getByText('Not sent: no SMS provider configured')).toBeTruthy();
    expect(screen.getByText('Received')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText(MSG.required)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Messages Category'), 'Appointments');
    await user.selectOptions(screen.getByLabelText('Message Template'), 'Please call us');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Hello Ann, please call.');
    await user.type(screen.getByLabelText('Time spent (minutes)'), '61');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Minutes must be a whole number from 1 to 60.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Time spent (minutes)'));
    await user.type(screen.getByLabelText('Time spent (minutes)'), '4');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(server.bodies(sendPatientMessage)).toEqual([
        { patient_id: 5, body: 'Hello Ann, please call.', template_id: 7, minutes: 4, program: 'RPM' },
      ]),
    );
  });

  it('Reminder lists the schedule and, on reminder/{id}/new, checks the form before adding', async () => {
    const existing: PatientReminder = {
      reminder_id: 9,
      kind: 'reading',
      message: 'Take your reading',
      frequency: 'daily',
      interval: 1,
      weekdays: [],
      start_date: '2026-11-01',
      time: '09:00',
      time_zone: 'UTC',
      end_date: null,
      schedule: 'every day at 09:00 (UTC)',
      active: true,
      next_at: '2026-11-22T09:00:00.000Z',
      last_sent_at: null,
      created_by_name: 'Dana Nurse',
      created_at: '2026-11-01T08:00:00.000Z',
    };
    const { server, user } = open(
      <ReminderTab patientId={5} creating />,
      serveChart()
        .on(getPatientReminders, { status: 1, count: 1, data: [existing] })
        .on(addPatientReminder, { status: 1, message: MSG.addedSuccessfully, data: existing }),
      '/app/patient-chart/reminder/5/new',
    );
    expect(await screen.findByText('every day at 09:00 (UTC)')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Repeat'), 'Weekly');
    await user.type(screen.getByLabelText('Message'), 'Bring your cuff');
    await user.click(screen.getByRole('button', { name: MSG.save }));
    expect(screen.getByText('Choose at least one weekday')).toBeTruthy();
    expect(server.bodies(addPatientReminder)).toEqual([]);
    await user.click(screen.getByLabelText('Thu'));
    await user.click(screen.getByRole('button', { name: MSG.save }));
    await waitFor(() => expect(server.bodies(addPatientReminder)).toHaveLength(1));
    expect(server.bodies(addPatientReminder)[0]).toMatchObject({
      patient_id: 5,
      frequency: 'weekly',
      weekdays: ['TH'],
      message: 'Bring your cuff',
      time: '09:00',
    });
  });
});

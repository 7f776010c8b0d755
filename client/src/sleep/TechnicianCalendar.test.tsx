import {
  CALENDAR_DEFAULT_COLOR,
  type CallDef,
  getAppointmentsInRange,
  SLEEP_VISIT_COLOR,
  type SleepAppointmentRow,
  setSleepAppointmentStatus,
  sleepAppointmentsList,
  updateSleepAppointment,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../test/fake-server';
import { listPatientOf, makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { colourOf, TechnicianCalendar } from './TechnicianCalendar';

// A fixed day: the month view shows the appointments of March 2026 (local time of the test run).
const NOW = new Date(2026, 2, 11, 9, 0);

/** The colour an event is drawn in (jsdom writes colours as rgb()). */
function colourOfEvent(text: string): string {
  const event = screen.getByText(text).closest('.rbc-event') as HTMLElement | null;
  return event?.style.backgroundColor ?? '';
}
const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
};

function appointment(extra: Partial<SleepAppointmentRow>): SleepAppointmentRow {
  return {
    appointment_id: 7,
    patient_id: 3,
    patient_name: 'Doe, John',
    patient: listPatientOf(3, 'Doe, John'),
    dob: '1950-02-01',
    practice_name: 'Northwind Clinic',
    technician_id: 20,
    technician: 'Fischer, Ben',
    status: 'Scheduled',
    status_code: 2,
    scheduled_at: new Date(2026, 2, 12, 10, 0).toISOString(),
    duration_minutes: 45,
    notes: 'Mask fitting',
    ...extra,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  storeUser(makeUser({ roleid: [20], pages: ['Sleep Appointments'] }));
  // jsdom has no layout: react-big-calendar's click selection asks what lies under the pointer.
  Object.defineProperty(document, 'elementFromPoint', { value: () => null, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Technician Calendar (000 §2.2; issue 15 §3)', () => {
  it('shows the month’s appointments coloured by status, EC407A for Scheduled', async () => {
    const server = fakeServer().on(getAppointmentsInRange, () => ({
      status: 1,
      data: [
        appointment({}),
        appointment({
          appointment_id: 8,
          patient_name: 'Roe, Mary',
          status: 'No Show',
          status_code: 4,
          scheduled_at: new Date(2026, 2, 5, 14, 0).toISOString(),
        }),
      ],
    }));
    renderWithProviders(<TechnicianCalendar />, '/app/technician-calendar');
    await screen.findByText('DOE, JOHN · Fischer, Ben');
    expect(colourOfEvent('DOE, JOHN · Fischer, Ben')).toBe(rgb(CALENDAR_DEFAULT_COLOR));
    expect(colourOfEvent('ROE, MARY · Fischer, Ben')).toBe(rgb(SLEEP_VISIT_COLOR[4]));
    // The month view asks for its weeks (Sunday Mar 1 to Saturday Apr 4) and a day either side.
    expect(server.requests(getAppointmentsInRange)[0]?.query).toMatchObject({
      from: '2026-02-28',
      to: '2026-04-05',
    });
  });

  it('opens an appointment and closes it as Completed', async () => {
    let status: 2 | 3 = 2;
    const server = fakeServer()
      .on(getAppointmentsInRange, () => ({
        status: 1,
        data: [appointment(status === 3 ? { status: 'Completed', status_code: 3 } : {})],
      }))
      .on(setSleepAppointmentStatus, () => {
        status = 3;
        return {
          status: 1,
          message: 'Updated successfully',
          data: appointment({ status: 'Completed', status_code: 3 }),
        };
      });
    const user = userEvent.setup();
    renderWithProviders(<TechnicianCalendar />, '/app/technician-calendar');
    await user.click(await screen.findByText('DOE, JOHN · Fischer, Ben'));
    expect(await screen.findByText('Mask fitting')).toBeTruthy();
    expect(screen.getByText('45 min')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Completed' }));
    await waitFor(() => expect(server.requests(setSleepAppointmentStatus)).toHaveLength(1));
    expect(server.requests(setSleepAppointmentStatus)[0]?.body).toEqual({ appointment_id: 7, status: 3 });
    await waitFor(() => expect(colourOfEvent('DOE, JOHN · Fischer, Ben')).toBe(rgb(SLEEP_VISIT_COLOR[3])));
  });

  it('edits a scheduled appointment from its event: the dialog is filled in and saves with updateSleepAppointment', async () => {
    const server = fakeServer()
      .on(getAppointmentsInRange, () => ({ status: 1, data: [appointment({})] }))
      .on(sleepAppointmentsList.calls.filterOptions as unknown as CallDef, () => ({
        status: 1,
        data: { technician: [{ value: '20', label: 'Fischer, Ben' }] },
      }))
      .on(updateSleepAppointment, () => ({
        status: 1,
        message: 'Updated successfully',
        data: appointment({}),
      }));
    const user = userEvent.setup();
    renderWithProviders(<TechnicianCalendar />, '/app/technician-calendar');
    await user.click(await screen.findByText('DOE, JOHN · Fischer, Ben'));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit Sleep Appointment' }));
    await waitFor(() => expect((form.getByLabelText('Technician*') as HTMLSelectElement).value).toBe('20'));
    expect((form.getByLabelText('Notes') as HTMLTextAreaElement).value).toBe('Mask fitting');
    await user.type(form.getByLabelText('Notes'), ' and titration');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests(updateSleepAppointment)).toHaveLength(1));
    expect(server.requests(updateSleepAppointment)[0]?.body).toEqual({
      appointment_id: 7,
      technician_id: 20,
      scheduled_at: new Date(2026, 2, 12, 10, 0).toISOString(),
      duration_minutes: 45,
      notes: 'Mask fitting and titration',
    });
  });

  it('opens a busy day’s “+N more” popup in the page’s body, opens an appointment from it, and Escape closes it', async () => {
    // jsdom has no layout: the month view fits its rows to weeks of 100 px, events and date headings of 20 px.
    const heights: Record<string, number> = { 'rbc-month-row': 100, 'rbc-row': 20 };
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const height = Object.entries(heights).find(([name]) => this.classList.contains(name))?.[1] ?? 0;
      return { x: 0, y: 0, top: 0, left: 0, bottom: height, right: 0, width: 0, height, toJSON: () => ({}) };
    });
    const names = ['Ames, Ann', 'Baker, Bo', 'Cole, Cy', 'Dunn, Di', 'Eads, Ed', 'Fox, Flo'];
    fakeServer()
      .on(getAppointmentsInRange, () => ({
        status: 1,
        data: names.map((patient_name, i) =>
          appointment({
            appointment_id: 10 + i,
            patient_name,
            notes: `Visit ${i + 1}`,
            scheduled_at: new Date(2026, 2, 12, 8 + i, 0).toISOString(),
          }),
        ),
      }))
      .on(setSleepAppointmentStatus, () => ({
        status: 1,
        message: 'Updated successfully',
        data: appointment({}),
      }));
    const user = userEvent.setup();
    renderWithProviders(<TechnicianCalendar />, '/app/technician-calendar');
    await user.click(await screen.findByRole('button', { name: '+3 more' }));
    const popup = document.body.querySelector<HTMLElement>(':scope > .rbc-overlay');
    expect(popup).not.toBeNull();
    expect(within(popup as HTMLElement).getByText('FOX, FLO · Fischer, Ben')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.body.querySelector('.rbc-overlay')).toBeNull());

    await user.click(screen.getByRole('button', { name: '+3 more' }));
    await user.click(await screen.findByText('FOX, FLO · Fischer, Ben'));
    expect(await screen.findByText('Visit 6')).toBeTruthy();
  });

  it('colours an unknown status with the default EC407A', () => {
    expect(colourOf(5)).toBe(CALENDAR_DEFAULT_COLOR);
    expect(CALENDAR_DEFAULT_COLOR).toBe('#EC407A');
  });

  it('tells a user without Sleep Appointments that there is nothing to show, and calls nothing', () => {
    storeUser(makeUser({ roleid: [10], pages: ['Billing Report'] }));
    const server = fakeServer();
    renderWithProviders(<TechnicianCalendar />, '/app/technician-calendar');
    expect(screen.getByText(/holds no Sleep Appointments/)).toBeTruthy();
    expect(server.requests(getAppointmentsInRange)).toHaveLength(0);
  });
});

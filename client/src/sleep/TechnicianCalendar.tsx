import { Button, Callout, Dialog, DialogBody, HTMLTable } from '@blueprintjs/core';
import {
  CALENDAR_DEFAULT_COLOR,
  displayDateTime,
  fillRoute,
  formatCell,
  getAppointmentsInRange,
  listOpenTo,
  PATIENT_CHART_LINK,
  SLEEP_VISIT_COLOR,
  type SleepAppointmentRow,
  type SleepVisitStatusCode,
  sleepAppointmentsList,
} from '@rpm/shared';
import {
  addDays,
  addMinutes,
  endOfMonth,
  endOfWeek,
  format,
  getDay,
  startOfMonth,
  startOfWeek,
  subDays,
} from 'date-fns';
import { enUS } from 'date-fns/locale';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Calendar, dateFnsLocalizer, type View, Views } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { useCall } from '../api/use-call';
import { PatientIdentity } from '../patient/PatientIdentity';
import { useSession } from '../session/SessionProvider';
import { VisitStatusButtons } from './visit-actions';

/**
 * The Technician Calendar (000 §2.2 /app/technician-calendar, start page of role 20, 000 §6.1): the
 * sleep appointments in the user's practices by day, week or month, coloured by status (EC407A by default,
 * 001 §9); a click on an appointment opens it, a click on a free slot (any date, future ones too) schedules one.
 * The calendar and its date maths are react-big-calendar's with date-fns (decisions.md "Calendar library").
 */

// react-big-calendar 1.x's date-fns localizer reads format, startOfWeek, getDay and locales; date-fns's parse (4 KiB)
// is not passed, since nothing reads it.
const localizer = dateFnsLocalizer({ format, startOfWeek, getDay, locales: { 'en-US': enUS } });
const VIEWS: View[] = [Views.MONTH, Views.WEEK, Views.DAY];
/** Where the week and day views open: visits are booked in clinic hours (decisions.md "Calendar opens at 7 am"). */
const OPENS_AT = new Date(1970, 0, 1, 7, 0);

/** The days a view shows around `date`, one more each side (time zones: the server counts UTC days). */
function rangeOf(view: View, date: Date): { from: string; to: string } {
  const [start, end] =
    view === Views.MONTH
      ? [startOfWeek(startOfMonth(date)), endOfWeek(endOfMonth(date))]
      : view === Views.WEEK
        ? [startOfWeek(date), endOfWeek(date)]
        : [date, date];
  return { from: format(subDays(start, 1), 'yyyy-MM-dd'), to: format(addDays(end, 1), 'yyyy-MM-dd') };
}

interface AppointmentEvent {
  readonly title: string;
  readonly start: Date;
  readonly end: Date;
  readonly row: SleepAppointmentRow;
}

/** An appointment's colour: its status's, else the default (001 §9 EC407A). */
export const colourOf = (statusCode: number) =>
  SLEEP_VISIT_COLOR[statusCode as SleepVisitStatusCode] ?? CALENDAR_DEFAULT_COLOR;

// The scheduling form loads when a slot or an edit opens it, not with the start page.
const VisitDialog = lazy(() => import('./VisitDialog').then((m) => ({ default: m.VisitDialog })));

export function TechnicianCalendar() {
  const { user } = useSession();
  const canSchedule = user ? listOpenTo(user.pages, sleepAppointmentsList) : false;
  const [view, setView] = useState<View>(Views.MONTH);
  const [date, setDate] = useState(() => new Date());
  const [open, setOpen] = useState<SleepAppointmentRow | null>(null);
  const [slot, setSlot] = useState<Date | null>(null);
  const [editing, setEditing] = useState<SleepAppointmentRow | null>(null);
  const range = rangeOf(view, date);
  const loaded = useCall(getAppointmentsInRange, { query: range }, { enabled: canSchedule });
  const events = useMemo<AppointmentEvent[]>(
    () =>
      (loaded.data?.data ?? []).map((row) => {
        const start = new Date(row.scheduled_at);
        return {
          title: `${formatCell(row.patient_name, 'upper')} · ${row.technician}`,
          start,
          end: addMinutes(start, row.duration_minutes),
          row,
        };
      }),
    [loaded.data],
  );

  if (!canSchedule)
    return (
      <Callout intent="primary" title="Technician Calendar">
        Your access list holds no Sleep Appointments, so the calendar has no appointments to show.
      </Callout>
    );

  return (
    <div className="technician-calendar">
      <Calendar<AppointmentEvent>
        localizer={localizer}
        culture="en-US"
        events={events}
        views={VIEWS}
        view={view}
        date={date}
        onView={setView}
        onNavigate={setDate}
        scrollToTime={OPENS_AT}
        style={{ height: 'calc(100vh - 180px)', minHeight: 560 }}
        selectable
        popup
        onSelectEvent={(event) => setOpen(event.row)}
        onSelectSlot={(info) => setSlot(info.start)}
        eventPropGetter={(event) => ({
          style: {
            backgroundColor: colourOf(event.row.status_code),
            borderColor: colourOf(event.row.status_code),
          },
        })}
        tooltipAccessor={(event) => `${event.title} (${event.row.status})`}
      />
      <Dialog isOpen={open !== null} title="Sleep Appointment" onClose={() => setOpen(null)}>
        {open && (
          <DialogBody>
            <HTMLTable compact>
              <tbody>
                <tr>
                  <th>Patient</th>
                  <td>
                    <PatientIdentity
                      patient={open.patient}
                      inline
                      href={fillRoute(PATIENT_CHART_LINK, open)}
                    />
                  </td>
                </tr>
                <tr>
                  <th>Technician</th>
                  <td>{open.technician}</td>
                </tr>
                <tr>
                  <th>Date & Time</th>
                  <td>{displayDateTime(open.scheduled_at)}</td>
                </tr>
                <tr>
                  <th>Duration</th>
                  <td>{formatCell(open.duration_minutes, 'minutes')}</td>
                </tr>
                <tr>
                  <th>Status</th>
                  <td>{open.status}</td>
                </tr>
                <tr>
                  <th>Notes</th>
                  <td>{open.notes}</td>
                </tr>
              </tbody>
            </HTMLTable>
            <VisitStatusButtons
              kind="appointment"
              id={open.appointment_id}
              statusCode={open.status_code}
              onDone={() => {
                setOpen(null);
                loaded.reload();
              }}
              onEdit={() => {
                setEditing(open);
                setOpen(null);
              }}
            />
            <Button text="Close" onClick={() => setOpen(null)} />
          </DialogBody>
        )}
      </Dialog>
      <Suspense fallback={null}>
        {slot !== null && (
          <VisitDialog
            kind="appointment"
            isOpen
            start={slot}
            onClose={() => setSlot(null)}
            onSaved={() => {
              setSlot(null);
              loaded.reload();
            }}
          />
        )}
        {editing !== null && (
          <VisitDialog
            kind="appointment"
            isOpen
            start={date}
            visit={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              loaded.reload();
            }}
          />
        )}
      </Suspense>
    </div>
  );
}

import {
  Button,
  Checkbox,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import {
  addPatientReminder,
  displayDateTime,
  formErrors,
  getPatientReminders,
  isoDay,
  MESSAGE_MAX,
  MSG,
  REMINDER_FREQUENCIES,
  REMINDER_INTERVAL_MAX,
  REMINDER_KINDS,
  type ReminderKind,
  reminderSchedule,
  setReminderActive,
  WEEKDAYS,
} from '@rpm/shared';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useActionKey } from '../api/action-key';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { TablePager } from '../list/TablePager';
import { usePaging } from '../list/use-paging';
import { showToast } from '../toaster/toast';

type Frequency = keyof typeof REMINDER_FREQUENCIES;
type Weekday = (typeof WEEKDAYS)[number];
const WEEKDAY_LABELS: Readonly<Record<Weekday, string>> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
};

/** The repeat intervals offered: every 1 to REMINDER_INTERVAL_MAX days, weeks or months. */
const INTERVALS = Array.from({ length: REMINDER_INTERVAL_MAX }, (_, n) => n + 1);

export interface ReminderTabProps {
  readonly patientId: number;
  /** The route's {new?} segment (000 §2.3 reminder/{patientId?}/{new?}): the form is open. */
  readonly creating: boolean;
}

/**
 * The Reminder tab (000 §2.3): the patient's scheduled reminder texts with their schedule, next and last
 * time, Pause and Resume; New Reminder opens reminder/{patientId}/new with the form.
 */
export function ReminderTab({ patientId, creating }: ReminderTabProps) {
  const { call } = useApi();
  const [, navigate] = useLocation();
  const paging = usePaging(patientId);
  const list = useCall(getPatientReminders, { query: { patient_id: patientId, ...paging.query } });
  const base = `/app/patient-chart/reminder/${patientId}`;

  const toggle = async (reminderId: number, active: boolean) => {
    try {
      await call(setReminderActive, { body: { reminder_id: reminderId, active } });
      list.reload();
    } catch {
      // Shown by the error dialog.
    }
  };

  return (
    <div className="chart-reminders">
      {creating ? (
        <ReminderForm
          patientId={patientId}
          onDone={(saved) => {
            navigate(base);
            if (saved) list.reload();
          }}
        />
      ) : (
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          text="New Reminder"
          onClick={() => navigate(`${base}/new`)}
        />
      )}
      {!list.data ? (
        <p>{MSG.loading}</p>
      ) : list.data.data.length === 0 ? (
        <p>{MSG.noDataFound}</p>
      ) : (
        <HTMLTable compact striped className="chart-table">
          <thead>
            <tr>
              <th>Reminder</th>
              <th>Message</th>
              <th>Schedule</th>
              <th>Next</th>
              <th>Last Sent</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.data.data.map((r) => (
              <tr key={r.reminder_id}>
                <td>{REMINDER_KINDS[r.kind]}</td>
                <td>{r.message}</td>
                <td>{r.schedule}</td>
                <td>{displayDateTime(r.next_at)}</td>
                <td>{displayDateTime(r.last_sent_at)}</td>
                <td>{r.active ? (r.next_at ? 'Active' : 'Finished') : 'Paused'}</td>
                <td>
                  <Button
                    small
                    minimal
                    text={r.active ? 'Pause' : 'Resume'}
                    onClick={() => void toggle(r.reminder_id, !r.active)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {list.data && <TablePager {...paging.pager} count={list.data.count} />}
    </div>
  );
}

/** The new-reminder form; validates with the call's own schema before sending. */
function ReminderForm({ patientId, onDone }: { patientId: number; onDone: (saved: boolean) => void }) {
  const { call } = useApi();
  const [kind, setKind] = useState<ReminderKind>('reading');
  const [message, setMessage] = useState('');
  const [frequency, setFrequency] = useState<Frequency>('daily');
  const [interval, setRepeat] = useState(1);
  const [weekdays, setWeekdays] = useState<Weekday[]>([]);
  const [startDate, setStartDate] = useState(isoDay(new Date()));
  const [time, setTime] = useState('09:00');
  // decisions.md "Reminders": the wall time is read in a named zone, the user's own by default.
  const [timeZone, setTimeZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [endDate, setEndDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const body = {
    patient_id: patientId,
    kind,
    message,
    frequency,
    interval,
    weekdays: frequency === 'weekly' ? weekdays : [],
    start_date: startDate,
    time,
    time_zone: timeZone,
    ...(endDate === '' || frequency === 'once' ? {} : { end_date: endDate }),
  };
  const actionKey = useActionKey(body);

  const save = async () => {
    const parsed = reminderSchedule.safeParse(body);
    setErrors(parsed.success ? {} : formErrors(reminderSchedule, body));
    if (!parsed.success) return;
    try {
      const answer = await call(addPatientReminder, {
        body: parsed.data,
        headers: { 'idempotency-key': actionKey },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      onDone(true);
    } catch {
      // Shown by the error dialog.
    }
  };

  const field = (name: string) => ({
    intent: errors[name] ? Intent.DANGER : Intent.NONE,
    helperText: errors[name],
  });

  return (
    <div className="chart-reminder-form">
      <h3>New Reminder</h3>
      <div className="chart-form-row">
        <FormGroup label="Reminder" labelFor="reminder-kind">
          <HTMLSelect
            id="reminder-kind"
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as ReminderKind)}
          >
            {Object.entries(REMINDER_KINDS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="Repeat" labelFor="reminder-frequency">
          <HTMLSelect
            id="reminder-frequency"
            value={frequency}
            onChange={(e) => setFrequency(e.currentTarget.value as Frequency)}
          >
            {Object.entries(REMINDER_FREQUENCIES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {frequency !== 'once' && (
          <FormGroup label="Every" labelFor="reminder-interval" {...field('interval')}>
            <HTMLSelect
              id="reminder-interval"
              value={interval}
              onChange={(e) => setRepeat(Number(e.currentTarget.value))}
            >
              {INTERVALS.map((n) => (
                <option key={n}>{n}</option>
              ))}
            </HTMLSelect>
          </FormGroup>
        )}
      </div>
      {frequency === 'weekly' && (
        <FormGroup label="On" {...field('weekdays')}>
          {WEEKDAYS.map((d) => (
            <Checkbox
              key={d}
              inline
              label={WEEKDAY_LABELS[d]}
              checked={weekdays.includes(d)}
              onChange={() =>
                setWeekdays(weekdays.includes(d) ? weekdays.filter((x) => x !== d) : [...weekdays, d])
              }
            />
          ))}
        </FormGroup>
      )}
      <FormGroup label="Message" labelFor="reminder-message" {...field('message')}>
        <TextArea
          id="reminder-message"
          fill
          maxLength={MESSAGE_MAX}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
      </FormGroup>
      <div className="chart-form-row">
        <FormGroup label="Start Date" labelFor="reminder-start" {...field('start_date')}>
          <InputGroup
            id="reminder-start"
            type="date"
            value={startDate}
            onChange={(e) => setStartDate(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup label="Time" labelFor="reminder-time" {...field('time')}>
          <InputGroup
            id="reminder-time"
            type="time"
            value={time}
            onChange={(e) => setTime(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup label="Time Zone" labelFor="reminder-zone" {...field('time_zone')}>
          <InputGroup
            id="reminder-zone"
            value={timeZone}
            onChange={(e) => setTimeZone(e.currentTarget.value)}
          />
        </FormGroup>
        {frequency !== 'once' && (
          <FormGroup label="End Date" labelFor="reminder-end" {...field('end_date')}>
            <InputGroup
              id="reminder-end"
              type="date"
              value={endDate}
              onChange={(e) => setEndDate(e.currentTarget.value)}
            />
          </FormGroup>
        )}
      </div>
      <Button intent={Intent.PRIMARY} text={MSG.save} onClick={() => void save()} />
      <Button text={MSG.close} onClick={() => onDone(false)} />
    </div>
  );
}

import { Button, ButtonGroup } from '@blueprintjs/core';
import {
  type ListDef,
  type SleepAppointmentRow,
  type SleepConsultRow,
  sleepAppointmentsList,
  sleepConsultsList,
} from '@rpm/shared';
import { lazy, Suspense, useState } from 'react';
import { ListScreen } from '../list/ListScreen';
import { VisitDialog } from './VisitDialog';
import { type VisitKind, VisitStatusButtons } from './visit-actions';

// Sleep Consults, Sleep Appointments (with the calendar view), CPAP Patients and Therapy Patients.
// The calendar library loads only with a calendar (the Technician Calendar route or this toggle).
const TechnicianCalendar = lazy(() =>
  import('./TechnicianCalendar').then((m) => ({ default: m.TechnicianCalendar })),
);

/** A visit list: Edit, outcome and Cancel buttons on scheduled rows, and 'New' in the toolbar. */
function VisitList({ kind, def }: { readonly kind: VisitKind; readonly def: ListDef }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<SleepConsultRow | SleepAppointmentRow | null>(null);
  const [reloadList, setReloadList] = useState<(() => void) | null>(null);
  const idKey = kind === 'consult' ? 'consult_id' : 'appointment_id';
  return (
    <>
      <ListScreen
        def={def}
        toolbarActions={({ reload }) => (
          <Button
            icon="add"
            text={kind === 'consult' ? 'New Consult' : 'New Appointment'}
            onClick={() => {
              setReloadList(() => reload);
              setAdding(true);
            }}
          />
        )}
        rowActions={(row, { reload }) => (
          <VisitStatusButtons
            kind={kind}
            id={Number(row[idKey])}
            statusCode={Number(row.status_code)}
            onDone={reload}
            onEdit={() => {
              setReloadList(() => reload);
              setEditing(row as unknown as SleepConsultRow | SleepAppointmentRow);
            }}
          />
        )}
      />
      <VisitDialog
        kind={kind}
        isOpen={adding}
        start={new Date()}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          reloadList?.();
        }}
      />
      <VisitDialog
        kind={kind}
        isOpen={editing !== null}
        start={new Date()}
        visit={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reloadList?.();
        }}
      />
    </>
  );
}

/** Sleep Consults (000 §2.4 'sleep-consults'). */
export function SleepConsultsScreen() {
  return <VisitList kind="consult" def={sleepConsultsList} />;
}

/** Sleep Appointments (000 §2.4 'sleep-appointments'), as a list or a calendar. */
export function SleepAppointmentsScreen() {
  const [calendar, setCalendar] = useState(false);
  return (
    <>
      <ButtonGroup>
        <Button icon="th-list" text="List" active={!calendar} onClick={() => setCalendar(false)} />
        <Button icon="calendar" text="Calendar" active={calendar} onClick={() => setCalendar(true)} />
      </ButtonGroup>
      {calendar ? (
        <Suspense fallback={null}>
          <TechnicianCalendar />
        </Suspense>
      ) : (
        <VisitList kind="appointment" def={sleepAppointmentsList} />
      )}
    </>
  );
}

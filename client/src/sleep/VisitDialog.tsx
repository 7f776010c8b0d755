import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  NumericInput,
  TextArea,
} from '@blueprintjs/core';
import {
  addSleepAppointment,
  addSleepConsult,
  findAppointmentPatients,
  findConsultPatients,
  type ListPatient,
  listPatientText,
  SLEEP_CONSULT_TYPE,
  SLEEP_VISIT_DURATION_MAX,
  SLEEP_VISIT_DURATION_MIN,
  SLEEP_VISIT_NOTES_MAX,
  type SleepAppointmentRow,
  type SleepConsultRow,
  type SleepConsultTypeCode,
  sleepAppointmentsList,
  sleepConsultsList,
  updateSleepAppointment,
  updateSleepConsult,
} from '@rpm/shared';
import { format } from 'date-fns';
import { type FormEvent, useState } from 'react';
import { useActionKey } from '../api/action-key';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { showToast } from '../toaster/toast';
import type { VisitKind } from './visit-actions';

/** The local 'YYYY-MM-DDTHH:mm' of an instant, for a datetime-local input. */
const localInputValue = (at: Date) => format(at, "yyyy-MM-dd'T'HH:mm");

interface VisitDialogProps {
  readonly kind: VisitKind;
  readonly isOpen: boolean;
  /** The start offered (a clicked calendar slot); the user may change it. */
  readonly start: Date;
  readonly onClose: () => void;
  readonly onSaved: () => void;
  /** A scheduled visit to edit (its patient stays; the server refuses a closed one); absent to schedule one. */
  readonly visit?: SleepConsultRow | SleepAppointmentRow;
}

/**
 * Schedules a consult or an appointment: patient, physician or technician, time, duration, notes;
 * or edits a scheduled one, its fields filled in.
 */
export function VisitDialog(props: VisitDialogProps) {
  const noun = props.kind === 'consult' ? 'Sleep Consult' : 'Sleep Appointment';
  const title = `${props.visit ? 'Edit' : 'New'} ${noun}`;
  return (
    <Dialog isOpen={props.isOpen} title={title} onClose={props.onClose}>
      {props.isOpen && <VisitForm {...props} />}
    </Dialog>
  );
}

/** The visit's staff member: its physician or technician. */
const staffOf = (visit: SleepConsultRow | SleepAppointmentRow) =>
  'physician_id' in visit ? visit.physician_id : visit.technician_id;

interface PatientPickerProps {
  readonly search: string;
  readonly onSearch: (search: string) => void;
  readonly patientId: string;
  readonly onPatient: (patientId: string) => void;
  readonly found: readonly { readonly patient_id: number; readonly patient: ListPatient }[];
}

/** A new visit's patient: found by name or RPM ID, then picked. */
function PatientPicker({ search, onSearch, patientId, onPatient, found }: PatientPickerProps) {
  return (
    <>
      <FormGroup label="Find patient" labelFor="visit-search">
        <InputGroup
          id="visit-search"
          placeholder="Patient name or RPM ID"
          value={search}
          onValueChange={onSearch}
        />
      </FormGroup>
      <FormGroup label="Patient*" labelFor="visit-patient">
        <HTMLSelect id="visit-patient" fill value={patientId} onChange={(e) => onPatient(e.target.value)}>
          <option value="">Select a patient</option>
          {found.map((p) => (
            <option key={p.patient_id} value={p.patient_id}>
              {listPatientText(p.patient)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
    </>
  );
}

function VisitForm({ kind, start, onClose, onSaved, visit }: VisitDialogProps) {
  const api = useApi();
  const [search, setSearch] = useState('');
  const [patientId, setPatientId] = useState(visit ? String(visit.patient_id) : '');
  const [staffId, setStaffId] = useState(visit ? String(staffOf(visit)) : '');
  const [type, setType] = useState<SleepConsultTypeCode>(
    visit && 'consult_type_code' in visit ? (visit.consult_type_code as SleepConsultTypeCode) : 1,
  );
  const [at, setAt] = useState(localInputValue(visit ? new Date(visit.scheduled_at) : start));
  const [duration, setDuration] = useState(visit?.duration_minutes ?? 30);
  const [notes, setNotes] = useState(visit?.notes ?? '');
  const [saving, setSaving] = useState(false);
  const key = useActionKey(patientId, staffId, type, at, duration, notes);
  const staffKey = kind === 'consult' ? 'physician' : 'technician';
  const options = useCall(
    (kind === 'consult' ? sleepConsultsList : sleepAppointmentsList).calls.filterOptions,
    {},
  );
  const patients = useCall(
    kind === 'consult' ? findConsultPatients : findAppointmentPatients,
    { query: { search: search.trim() } },
    { enabled: !visit && search.trim() !== '' },
  );
  const staff = options.data?.data[staffKey] ?? [];
  const found = search.trim() === '' ? [] : (patients.data?.data ?? []);
  const ready = patientId !== '' && staffId !== '' && at !== '' && !saving;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setSaving(true);
    const common = {
      patient_id: Number(patientId),
      scheduled_at: new Date(at).toISOString(),
      duration_minutes: duration,
      notes,
    };
    const headers = { 'idempotency-key': key };
    try {
      if (visit) {
        const { patient_id: _, ...fields } = common;
        if ('consult_id' in visit)
          await api.call(updateSleepConsult, {
            body: {
              ...fields,
              consult_id: visit.consult_id,
              physician_id: Number(staffId),
              consult_type: type,
            },
          });
        else
          await api.call(updateSleepAppointment, {
            body: { ...fields, appointment_id: visit.appointment_id, technician_id: Number(staffId) },
          });
      } else if (kind === 'consult')
        await api.call(addSleepConsult, {
          body: { ...common, physician_id: Number(staffId), consult_type: type },
          headers,
        });
      else
        await api.call(addSleepAppointment, { body: { ...common, technician_id: Number(staffId) }, headers });
      void showToast({
        message: `${kind === 'consult' ? 'Consult' : 'Appointment'} ${visit ? 'updated' : 'scheduled'}.`,
        intent: Intent.SUCCESS,
      });
      onSaved();
    } catch {
      // The error dialog shows it.
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit}>
      <DialogBody>
        {visit ? (
          <FormGroup label="Patient" labelFor="visit-patient">
            <InputGroup id="visit-patient" readOnly value={listPatientText(visit.patient)} />
          </FormGroup>
        ) : (
          <PatientPicker
            search={search}
            onSearch={setSearch}
            patientId={patientId}
            onPatient={setPatientId}
            found={found}
          />
        )}
        <FormGroup label={kind === 'consult' ? 'Physician*' : 'Technician*'} labelFor="visit-staff">
          <HTMLSelect id="visit-staff" fill value={staffId} onChange={(e) => setStaffId(e.target.value)}>
            <option value="">Select</option>
            {staff.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {kind === 'consult' && (
          <FormGroup label="Consult Type*" labelFor="visit-type">
            <HTMLSelect
              id="visit-type"
              fill
              value={type}
              onChange={(e) => setType(Number(e.target.value) as SleepConsultTypeCode)}
            >
              {Object.entries(SLEEP_CONSULT_TYPE).map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        )}
        <FormGroup label="Date & Time*" labelFor="visit-at">
          <InputGroup id="visit-at" type="datetime-local" value={at} onValueChange={setAt} />
        </FormGroup>
        <FormGroup label="Duration (minutes)" labelFor="visit-duration">
          <NumericInput
            id="visit-duration"
            min={SLEEP_VISIT_DURATION_MIN}
            max={SLEEP_VISIT_DURATION_MAX}
            stepSize={5}
            value={duration}
            clampValueOnBlur
            onValueChange={(value) => setDuration(Number.isFinite(value) ? value : SLEEP_VISIT_DURATION_MIN)}
          />
        </FormGroup>
        <FormGroup label="Notes" labelFor="visit-notes">
          <TextArea
            id="visit-notes"
            fill
            maxLength={SLEEP_VISIT_NOTES_MAX}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Close" onClick={onClose} />
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              text={visit ? 'Save' : 'Schedule'}
              disabled={!ready}
              loading={saving}
            />
          </>
        }
      />
    </form>
  );
}

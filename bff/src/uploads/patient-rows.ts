import {
  ENROLMENT_PROGRAMS,
  MSG,
  type NewPatient,
  newPatientFields,
  PATIENT_GENDERS,
  UPLOAD_VALUE_SEPARATOR,
} from '@rpm/shared';
import {
  applyRecordUpdates,
  demographicChanges,
  type FieldChanges,
  MERGED_PATIENT,
  storedRecords,
} from '../patients/demographics-store.js';
import {
  COORDINATOR_ROLE,
  insertPatients,
  mrnKey,
  mrnTaken,
  organizationsOf,
  PHYSICIAN_ROLE,
  recordProblems,
  takenMrns,
} from '../patients/record-store.js';
import type { CheckedRow, RowProblem, UploadKindRows } from './engine.js';
import { dayOf, type Found, type NameIndex, orNull } from './names.js';
import { type References, references } from './patient-references.js';

/**
 * Bulk Uploads' rows (decisions.md "Re-uploading by MRN"): names looked up, then the new patient's schema and the
 * registration's checks; a known MRN with the same record is unchanged, with another an audited update.
 */

/** A row's patient and, when its MRN is taken, the patient it updates. */
interface PatientPayload {
  readonly record: NewPatient;
  readonly existing?: {
    readonly patientId: number;
    readonly version: number;
    readonly changes: FieldChanges;
  };
}

/** The registration's gender codes, or their words. */
const GENDER_OF = new Map(
  Object.entries(PATIENT_GENDERS).flatMap(([code, word]) => [
    [code.toLowerCase(), code],
    [word.toLowerCase(), code],
  ]),
);

/** A phone number's ten digits: separators and a leading +1 dropped; anything else left for the schema. */
function phoneOf(cell: string): string | null {
  const digits = cell.replace(/[\s().-]/g, '');
  if (digits === '') return null;
  return /^\+?1\d{10}$/.test(digits) ? digits.slice(-10) : digits;
}

/** A row's cells as registration's input, with the problems of the names it could not look up. */
function convert(cells: Record<string, string>, refs: References) {
  const problems: RowProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const cell = (field: string) => cells[field] ?? '';
  /** A named record's id; undefined (with a problem) when the cell names none or several. */
  const look = (field: string, what: string, index: NameIndex | undefined, required: boolean) => {
    const text = cell(field);
    if (text === '') {
      if (required) add(field, MSG.required);
      return required ? undefined : null;
    }
    const found: Found = index ? index.find(text) : 'none';
    if (found === 'none') add(field, `No ${what} '${text}'.`);
    else if (found === 'many') add(field, `Several ${what}s are named '${text}': write its id.`);
    else return found.id;
    return undefined;
  };
  const practiceId = look('practice_id', 'practice of yours', refs.practices, true);
  const inPractice = (role: number) => (practiceId ? refs.staff.get(`${practiceId}:${role}`) : undefined);
  const location = practiceId ? refs.locations.get(practiceId) : undefined;
  const sex = cell('gender');
  const gender = GENDER_OF.get(sex.toLowerCase());
  if (sex !== '' && gender === undefined) add('gender', 'Write M, F, O or U.');
  const programs = Object.fromEntries(
    ENROLMENT_PROGRAMS.map((p) => [p, look(`programs.${p}`, `${p} status`, refs.statuses[p], p === 'RPM')]),
  );
  const input = {
    practice_id: practiceId,
    location_id:
      practiceId === undefined ? undefined : look('location_id', 'location of the practice', location, true),
    mrn: cell('mrn'),
    firstname: cell('firstname'),
    lastname: cell('lastname'),
    dob: dayOf(cell('dob')),
    gender,
    mobile: phoneOf(cell('mobile')),
    phone: phoneOf(cell('phone')),
    email: orNull(cells.email),
    address_line1: orNull(cells.address_line1),
    address_line2: orNull(cells.address_line2),
    city: orNull(cells.city),
    state: orNull(cells.state)?.toUpperCase() ?? null,
    zip: orNull(cells.zip),
    language_id: look('language_id', 'language', refs.languages, true),
    insurance_plan_id: look('insurance_plan_id', 'active insurance plan', refs.plans, false),
    insurance_member_id: orNull(cells.insurance_member_id),
    physician_id:
      practiceId === undefined
        ? null
        : look('physician_id', 'physician of the practice', inPractice(PHYSICIAN_ROLE), false),
    care_coordinator_id:
      practiceId === undefined
        ? null
        : look(
            'care_coordinator_id',
            'care coordinator of the practice',
            inPractice(COORDINATOR_ROLE),
            false,
          ),
    programs,
    diagnosis_codes: cell('diagnosis_codes')
      .split(UPLOAD_VALUE_SEPARATOR)
      .map((code) => code.trim())
      .filter((code) => code !== ''),
  };
  // Without its practice, a row's location and staff cannot be looked up: the practice's problem says why.
  const skip = new Set(practiceId === undefined ? ['location_id'] : []);
  return { input, problems, skip };
}

/** The field an issue of newPatientFields names: a program's status by its column, a list by the list. */
function issueField(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  if (first === 'programs' && typeof second === 'string') return `programs.${second}`;
  return typeof first === 'string' ? first : '';
}

const outcomeOf = (problems: readonly RowProblem[], payload: PatientPayload | undefined) =>
  problems.length > 0 || !payload
    ? 'invalid'
    : payload.existing === undefined
      ? 'new'
      : Object.keys(payload.existing.changes).length === 0
        ? 'unchanged'
        : 'update';

export const patientRows: UploadKindRows<PatientPayload> = {
  kind: 'patients',
  repeated: (mrn, rows) => `MRN ${mrn} is also in row ${rows.join(', ')}.`,

  async open(db, ctx) {
    const refs = await references(db, ctx.scope);
    return async (rows) => {
      const rowProblems: RowProblem[][] = [];
      const parsed: (NewPatient | undefined)[] = [];
      const keys: (string | null)[] = [];
      for (const cells of rows) {
        const { input, problems, skip } = convert(cells, refs);
        const named = new Set([...skip, ...problems.map((p) => p.field)]);
        const result = newPatientFields.safeParse(input);
        if (!result.success)
          for (const issue of result.error.issues) {
            const field = issueField(issue.path);
            if (!named.has(field)) problems.push({ field, message: issue.message });
            named.add(field);
          }
        rowProblems.push(problems);
        parsed.push(result.success && problems.length === 0 ? result.data : undefined);
        keys.push(input.practice_id && input.mrn ? mrnKey(input.practice_id, input.mrn) : null);
      }
      // The registration's checks, set-based over the rows the schema took.
      const valid = parsed.flatMap((record, i) => (record ? [{ record, i }] : []));
      const found = await recordProblems(
        db,
        ctx.scope,
        valid.map((v) => v.record),
        ctx.today,
      );
      for (const [n, problems] of found) rowProblems[(valid[n] as { i: number }).i]?.push(...problems);
      const clean = valid.filter((v) => (rowProblems[v.i] ?? []).length === 0);
      const taken = await takenMrns(
        db,
        clean.map((v) => v.record),
      );
      const stored = await storedRecords(db, [...taken.values()], ctx.scope);
      const payloads: (PatientPayload | undefined)[] = parsed.map(() => undefined);
      for (const { record, i } of clean) {
        const holder = taken.get(mrnKey(record.practice_id, record.mrn));
        const patient = holder === undefined ? undefined : stored.get(holder);
        if (!patient) {
          payloads[i] = { record };
          continue;
        }
        if (patient.merged_into_id !== null)
          rowProblems[i]?.push({ field: 'mrn', message: MERGED_PATIENT(patient.merged_into_id) });
        else if (!patient.mine) rowProblems[i]?.push({ field: 'mrn', message: mrnTaken(record.mrn) });
        else
          payloads[i] = {
            record,
            existing: {
              patientId: patient.patient_id,
              version: patient.version,
              changes: demographicChanges(patient.record, record),
            },
          };
      }
      return rows.map((cells, i): CheckedRow<PatientPayload> => {
        const problems = rowProblems[i] ?? [];
        const payload = payloads[i];
        return {
          outcome: outcomeOf(problems, payload),
          problems,
          key: keys[i] ?? null,
          keyText: cells.mrn ?? '',
          ...(payload && problems.length === 0 ? { payload } : {}),
        };
      });
    };
  },

  async write(trx, ctx, rows, uploadId) {
    const created = rows.filter((r) => r.outcome === 'new').map((r) => r.payload.record);
    const organizations = await organizationsOf(trx, [...new Set(created.map((r) => r.practice_id))]);
    if (created.length > 0)
      await insertPatients(
        trx,
        ctx.actor,
        created.map((r) => ({ ...r, organization_id: organizations.get(r.practice_id) as number })),
        'upload_patient',
        { upload_id: uploadId },
      );
    const updates = rows.flatMap((r) =>
      r.outcome === 'update' && r.payload.existing
        ? [{ ...r.payload.existing, record: r.payload.record }]
        : [],
    );
    await applyRecordUpdates(trx, ctx.actor, updates, { upload_id: uploadId });
    return { created: created.length, updated: updates.length };
  },
};

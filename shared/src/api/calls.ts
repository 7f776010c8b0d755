import { z } from 'zod';
import { CALL_STATUSES } from '../constants.js';
import { TIMER_PROGRAMS } from './chart-activity.js';
import { defineCall } from './contract.js';
import { listEnvelope, okAnswer } from './envelope.js';
import { recordId } from './ids.js';
import { patientMatch } from './patients.js';

/**
 * The softphone's calls (000 §4.9, §7). The spec's two calls keep their paths and fields; the call record's
 * end and its minutes are ours (decisions.md "Call records"). Access: call agents only — the 'Aws Call' page, a
 * call link or a temporary login (000 §2.12, §6.2) — others get 403.
 */

/** Who may use the softphone's calls and the call pages (000 §2.4 Aws Call row, §6.2). */
export const CALL_AGENT_ACCESS = { page: 'Aws Call', orCallLink: true } as const;

/** A dialable number: E.164 (`+` then up to 15 digits), checked before dialling and on the server. */
export const E164 = /^\+[1-9][0-9]{6,14}$/;
export const e164Number = z.string().regex(E164, 'phone_number must be an E.164 number like +15551234567');

/** Ten US digits, with or without a leading +1 or 1 (000 §4.9: the caller's number, leading +1 stripped). */
export const mobileNumberParam = z
  .string()
  .trim()
  .transform((raw) => raw.replace(/^\+?1(?=[0-9]{10}$)/, ''))
  .pipe(z.string().regex(/^[0-9]{10}$/, 'mobileNumber must be ten digits'));

export const getPatientIdByMobile = defineCall({
  method: 'GET',
  path: 'rpm/aws/getPatientIdByMobile',
  spec: '000 §4.9, §7',
  summary:
    "The patient whose mobile (or phone) number is the caller's, among the patients the agent may see; 404 when none",
  access: CALL_AGENT_ACCESS,
  query: z.object({ mobileNumber: mobileNumberParam }),
  response: okAnswer.extend({ data: z.object({ patient_id: z.number().int() }) }),
});

export const getPatientsByMobile = defineCall({
  method: 'GET',
  path: 'rpm/aws/getPatientsByMobile',
  spec: '000 §4.9, §5; issue 38 §2 (ours)',
  summary:
    "Every patient the agent may see whose mobile (or phone) number is the caller's (a number a family shares), mobile matches first, merged records left out: the incoming-call prompt lets the agent choose among several",
  access: CALL_AGENT_ACCESS,
  query: z.object({ mobileNumber: mobileNumberParam }),
  response: listEnvelope(patientMatch),
});

export const setCallStatus = defineCall({
  method: 'POST',
  path: 'rpm/aws/setCallStatus',
  spec: '000 §4.9, §7',
  summary:
    "Records a call's outcome (Missed, Accepted or Called) as a call record of the agent; a repeat for the same contact and status answers the same record",
  access: CALL_AGENT_ACCESS,
  body: z.object({
    /** Null for a caller no patient has the number of. */
    patient_id: recordId.nullable(),
    /** The contact centre's contact id (the spec's name). */
    contract_id: z.string().trim().min(1, 'contract_id is required').max(100),
    phone_number: e164Number,
    agent_name: z.string().trim().min(1, 'agent_name is required').max(200),
    status: z.enum(CALL_STATUSES),
  }),
  response: okAnswer.extend({ data: z.object({ call_id: z.number().int() }) }),
});

export const setCallPatient = defineCall({
  method: 'POST',
  path: 'rpm/aws/setCallPatient',
  spec: 'issue 38 §2 (ours): the caller chosen among the patients who share a number',
  summary:
    "Names the patient of the agent's recorded call with this contact, chosen after the call was answered: a patient the agent may see whose mobile or phone is the call's number, while the record names none",
  access: CALL_AGENT_ACCESS,
  body: z.object({
    contract_id: z.string().trim().min(1, 'contract_id is required').max(100),
    patient_id: recordId,
  }),
  response: okAnswer,
});

/** The chosen patient's numbers are not the caller's: the record keeps no patient. */
export const NOT_THE_CALLER = "This patient does not have the caller's number.";

export const endCall = defineCall({
  method: 'POST',
  path: 'rpm/aws/endCall',
  spec: '000 §4.9 (ours)',
  summary:
    "Marks the agent's call with this contact ended; the duration is measured on the server's clock from the recorded start",
  access: CALL_AGENT_ACCESS,
  body: z.object({ contract_id: z.string().trim().min(1, 'contract_id is required').max(100) }),
  response: okAnswer.extend({
    data: z.object({ call_id: z.number().int(), duration_seconds: z.number().int() }),
  }),
});

export const logCallMinutes = defineCall({
  method: 'POST',
  path: 'rpm/aws/logCallMinutes',
  spec: 'issue 14 §2 (ours): interactive communication counts toward 99457/99458',
  summary:
    "Logs an ended call's duration (whole minutes, rounded up) as RPM or CCM time on the call's patient, once per call",
  access: CALL_AGENT_ACCESS,
  body: z.object({ call_id: recordId, program: z.enum(TIMER_PROGRAMS) }),
  response: okAnswer.extend({ data: z.object({ minutes: z.number().int() }) }),
});

import { RECORD_ID_MAX } from './api/ids.js';

/**
 * The header search's patient half (decisions.md "Patient search"): which texts may look for a patient
 * and what each finds by. Pure; the server parses the call's query with it and the search box decides with it when
 * a text is a patient search rather than the spec's invalid search (000 §2.7, §5).
 */

/** Longest text the search takes. */
export const PATIENT_SEARCH_TEXT_MAX = 100;

/**
 * Letters (with their accents), digits and spaces, as a menu search (000 §5), and what names, dates of birth and
 * phone numbers are written with: hyphen, apostrophes, period, comma, slash, plus and parentheses.
 */
const PATIENT_SEARCH_CHARS = /^[\p{L}\p{M}\p{Nd} '’\-.,/+()]+$/u;
const HAS_WORD = /[\p{L}\p{Nd}]/u;
const DOB = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const PHONE_CHARS = /^[\d\s().+-]+$/;
/** An MRN as registration stores it (migration 0033). */
const MRN = /^[A-Za-z0-9-]{1,20}$/;

/** What one search text looks for; each way is null when the text cannot be one. */
export interface PatientSearchTerms {
  /** The text as typed (trimmed): its words are a name search when it holds a letter. */
  readonly text: string;
  readonly name: boolean;
  /** A date of birth typed MM/DD/YYYY, as YYYY-MM-DD. */
  readonly dob: string | null;
  /** Ten digits of a phone or mobile number, a leading +1 or 1 and punctuation dropped (000 §5). */
  readonly phone: string | null;
  /** The RPM ID (the patient id). */
  readonly patientId: number | null;
  /** An MRN, lower case (MRNs are unique within a practice regardless of case). */
  readonly mrn: string | null;
}

/** Whether `text` may be sent as a patient search: not empty, not too long, only the characters above. */
export function isPatientSearch(text: string): boolean {
  const trimmed = text.trim();
  return (
    trimmed.length <= PATIENT_SEARCH_TEXT_MAX && PATIENT_SEARCH_CHARS.test(trimmed) && HAS_WORD.test(trimmed)
  );
}

/** MM/DD/YYYY as YYYY-MM-DD; null for a text of that shape that is no calendar day, undefined for another shape. */
export function dobOf(text: string): string | null | undefined {
  const match = DOB.exec(text.trim());
  if (!match) return undefined;
  const [, month, day, year] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

/** The ways `text` (a valid patient search) can find a patient. */
export function patientSearchTerms(text: string): PatientSearchTerms {
  const trimmed = text.trim();
  const digits = PHONE_CHARS.test(trimmed) ? trimmed.replace(/\D/g, '') : '';
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  const id = /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : 0;
  return {
    text: trimmed,
    name: /\p{L}/u.test(trimmed),
    dob: dobOf(trimmed) ?? null,
    phone: ten.length === 10 ? ten : null,
    patientId: id >= 1 && id <= RECORD_ID_MAX ? id : null,
    mrn: MRN.test(trimmed) ? trimmed.toLowerCase() : null,
  };
}

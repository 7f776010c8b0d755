import { z } from 'zod';
import { calendarDay } from '../calendar.js';
import { MSG } from '../messages.js';
import { CHART, idempotencyHeaders, paging } from './chart-common.js';
import { defineCall } from './contract.js';
import { listEnvelope, okAnswer, pageEnvelope } from './envelope.js';
import { recordId, recordIdParam } from './ids.js';
import { chartText } from './rules.js';

/** The chart's Orders, Sub Orders and authorization-history (000 §2.3): orders, their devices, authorisations. */

/** The programs an enrolment order (and its consent) may name: the timed ones, and APCM, which bills by enrolment. */
export const ORDER_PROGRAMS = ['RPM', 'RTM', 'CCM', 'PCM', 'BHI', 'APCM'] as const;
export const ORDERING_PROVIDER_MAX = 200;
export const DIAGNOSIS_CODES_MAX = 12;
export const AUTHORIZATION_NUMBER_MAX = 50;
export const TRACKING_NUMBER_MAX = 100;

/** How consent was captured (decisions.md "Enrolment orders"). */
export const CONSENT_METHODS = { verbal: 'Verbal', written: 'Written', electronic: 'Electronic' } as const;
export type ConsentMethod = keyof typeof CONSENT_METHODS;

/** A device order's fulfilment, in order (decisions.md "Device orders"). */
export const DEVICE_ORDER_STATUSES = {
  ordered: 'Ordered',
  shipped: 'Shipped',
  delivered: 'Delivered',
  returned: 'Returned',
} as const;
export type DeviceOrderStatus = keyof typeof DEVICE_ORDER_STATUSES;

/** The statuses a device order may move to: forward only; a device is returned once it has left. */
const NEXT_STATUSES: Readonly<Record<DeviceOrderStatus, readonly DeviceOrderStatus[]>> = {
  ordered: ['shipped', 'delivered'],
  shipped: ['delivered', 'returned'],
  delivered: ['returned'],
  returned: [],
};
export const nextDeviceOrderStatuses = (from: DeviceOrderStatus): readonly DeviceOrderStatus[] =>
  NEXT_STATUSES[from];

export const ORDER_TEXT = {
  icd10: 'Enter ICD-10 codes such as I10 or E11.9.',
  npi: 'An NPI is 10 digits.',
  futureDay: 'must not be in the future',
  authorizationEnd: 'The end date must not be before the start date.',
  consentAfterOrder: 'Consent must be captured on or before the order date.',
  statusMove: (from: string, to: string) => `A device order that is ${from} cannot become ${to}.`,
} as const;

/** An ICD-10-CM code: a letter, two characters, optionally a dot and up to four more (I10, E11.9, Z79.899). */
const icd10Code = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/, ORDER_TEXT.icd10);

const requiredText = (max: number) => chartText(max).refine((text) => text.trim() !== '', MSG.required);

const authorizationShape = {
  authorization_number: requiredText(AUTHORIZATION_NUMBER_MAX),
  start_date: calendarDay(MSG.invalidStartDate),
  end_date: calendarDay(MSG.invalidEndDate),
};
const endNotBeforeStart = (a: { start_date: string; end_date: string }) => a.end_date >= a.start_date;
const endError = { message: ORDER_TEXT.authorizationEnd, path: ['end_date'] };

export const orderAuthorization = z.object({
  authorization_id: z.number().int(),
  order_id: z.number().int(),
  patient_id: z.number().int(),
  patient_name: z.string(),
  program: z.enum(ORDER_PROGRAMS),
  authorization_number: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  recorded_by_name: z.string(),
  recorded_at: z.string(),
});

export const enrollmentOrder = z.object({
  order_id: z.number().int(),
  patient_id: z.number().int(),
  program: z.enum(ORDER_PROGRAMS),
  ordering_provider: z.string(),
  provider_npi: z.string().nullable(),
  diagnosis_codes: z.array(z.string()),
  order_date: z.string(),
  consent_date: z.string(),
  consent_method: z.enum(['verbal', 'written', 'electronic']),
  /** The latest authorisation recorded for the order; null when none was needed or recorded. */
  authorization: orderAuthorization.nullable(),
  created_by_name: z.string(),
  updated_at: z.string(),
});
export type EnrollmentOrder = z.infer<typeof enrollmentOrder>;

const orderFields = {
  program: z.enum(ORDER_PROGRAMS),
  ordering_provider: requiredText(ORDERING_PROVIDER_MAX),
  provider_npi: z
    .string()
    .regex(/^[0-9]{10}$/, ORDER_TEXT.npi)
    .nullable()
    .default(null),
  diagnosis_codes: z.array(icd10Code).min(1, ORDER_TEXT.icd10).max(DIAGNOSIS_CODES_MAX),
  order_date: calendarDay('Enter the order date.'),
  consent_date: calendarDay('Enter the date consent was captured.'),
  consent_method: z.enum(['verbal', 'written', 'electronic']),
};

const consentBeforeOrder = (o: { consent_date: string; order_date: string }) =>
  o.consent_date <= o.order_date;

export const getEnrollmentOrders = defineCall({
  method: 'GET',
  path: 'rpm/orders/getEnrollmentOrders',
  spec: '000 §2.3 (enroll-details; ours)',
  summary: "The patient's RPM/CCM enrolment orders, newest first, each with its latest authorisation",
  access: CHART,
  query: z.object({ patient_id: recordIdParam }),
  response: listEnvelope(enrollmentOrder),
});

export const addEnrollmentOrder = defineCall({
  method: 'POST',
  path: 'rpm/orders/addEnrollmentOrder',
  spec: '000 §2.3 (enroll-details; ours)',
  summary: 'Records an enrolment order (and its first authorisation, when there is one)',
  access: CHART,
  headers: idempotencyHeaders,
  body: z
    .object({
      patient_id: recordId,
      ...orderFields,
      authorization: z
        .object(authorizationShape)
        .refine(endNotBeforeStart, endError)
        .nullable()
        .default(null),
    })
    .refine(consentBeforeOrder, { message: ORDER_TEXT.consentAfterOrder, path: ['consent_date'] }),
  response: okAnswer.extend({ data: enrollmentOrder }),
});

export const updateEnrollmentOrder = defineCall({
  method: 'POST',
  path: 'rpm/orders/updateEnrollmentOrder',
  spec: '000 §2.3 (enroll-details; ours)',
  summary: "Corrects an enrolment order's details (the values before are kept in the audit)",
  access: CHART,
  body: z
    .object({ order_id: recordId, ...orderFields })
    .refine(consentBeforeOrder, { message: ORDER_TEXT.consentAfterOrder, path: ['consent_date'] }),
  response: okAnswer.extend({ data: enrollmentOrder }),
});

export const addOrderAuthorization = defineCall({
  method: 'POST',
  path: 'rpm/orders/addOrderAuthorization',
  spec: '000 §2.3 (enroll-details, authorization-history; ours)',
  summary: 'Records a new insurance authorisation of an order (a renewal); earlier ones stay in the history',
  access: CHART,
  headers: idempotencyHeaders,
  body: z.object({ order_id: recordId, ...authorizationShape }).refine(endNotBeforeStart, endError),
  response: okAnswer.extend({ data: orderAuthorization }),
});

export const getAuthorizationHistory = defineCall({
  method: 'GET',
  path: 'rpm/orders/getAuthorizationHistory',
  spec: '000 §2.3 (authorization-history; ours)',
  summary:
    "Authorisations over time, newest first: the patient's, or with no patient_id those of every patient the user may see",
  access: CHART,
  query: z.object({ patient_id: recordIdParam.optional(), ...paging }),
  response: pageEnvelope(orderAuthorization),
});

export const deviceOrder = z.object({
  device_order_id: z.number().int(),
  order_id: z.number().int(),
  patient_id: z.number().int(),
  device_type_id: z.number().int(),
  device_type: z.string(),
  status: z.enum(['ordered', 'shipped', 'delivered', 'returned']),
  tracking_number: z.string().nullable(),
  ordered_by_name: z.string(),
  ordered_at: z.string(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  returned_at: z.string().nullable(),
});
export type DeviceOrder = z.infer<typeof deviceOrder>;

export const getDeviceOrders = defineCall({
  method: 'GET',
  path: 'rpm/orders/getDeviceOrders',
  spec: '000 §2.3 (sub-orders; ours)',
  summary: "The patient's device orders (sub orders of the enrolment orders), newest first",
  access: CHART,
  query: z.object({ patient_id: recordIdParam }),
  response: listEnvelope(deviceOrder),
});

export const addDeviceOrder = defineCall({
  method: 'POST',
  path: 'rpm/orders/addDeviceOrder',
  spec: '000 §2.3 (sub-orders; ours)',
  summary: 'Orders a device for an enrolment order (status Ordered)',
  access: CHART,
  headers: idempotencyHeaders,
  body: z.object({ order_id: recordId, device_type_id: recordId }),
  response: okAnswer.extend({ data: deviceOrder }),
});

export const updateDeviceOrderStatus = defineCall({
  method: 'POST',
  path: 'rpm/orders/updateDeviceOrderStatus',
  spec: '000 §2.3 (sub-orders; ours)',
  summary:
    "Moves a device order's fulfilment forward (shipped with its tracking number, delivered, returned)",
  access: CHART,
  body: z.object({
    device_order_id: recordId,
    status: z.enum(['shipped', 'delivered', 'returned']),
    tracking_number: requiredText(TRACKING_NUMBER_MAX).nullable().default(null),
  }),
  response: okAnswer.extend({ data: deviceOrder }),
});

import { z } from 'zod';
import { DEVICE_ORDER_STATUSES, ORDER_PROGRAMS } from '../api/chart-orders.js';
import { PRODUCT } from '../constants.js';
import { listPatient } from '../patient-identity.js';
import { defineList } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';
import { PATIENT_FILTERS, patientColumn } from './patient-row.js';

/** One device order of an enrolment order (tables `device_orders`, `enrollment_orders`). */
export const careOrderRow = z.object({
  device_order_id: z.number().int(),
  order_id: z.number().int(),
  patient_id: z.number().int(),
  patient_name: z.string(),
  patient: listPatient,
  practice_name: z.string(),
  program: z.enum(ORDER_PROGRAMS),
  device_type: z.string(),
  /** The fulfilment's label (DEVICE_ORDER_STATUSES). */
  status: z.string(),
  ordering_provider: z.string(),
  ordered_by: z.string(),
  ordered_at: z.string(),
  tracking_number: z.string().nullable(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** Whole days since the order while it is open (ordered or shipped); null once delivered or returned. */
  days_open: z.number().int().nullable(),
});
export type CareOrderRow = z.infer<typeof careOrderRow>;

/** The statuses of an order still on its way (the worklist's default; decisions.md "Care Orders"). */
export const OPEN_ORDER_STATUSES = ['ordered', 'shipped'] as const;

/** An enrolment order's program as a filter (values 'rpm', 'ccm'; rows show 'RPM', 'CCM'). */
export const ORDER_PROGRAM_FILTER = {
  key: 'order_program',
  label: 'Program',
  multi: true,
  options: ORDER_PROGRAMS.map((program) => ({ value: program.toLowerCase(), label: program })),
} as const;

/** Where a care order opens: the chart's Sub Orders tab, which moves its status (000 §2.3). */
export const CARE_ORDER_LINK = '/app/patient-chart/sub-orders/{patient_id}';

/**
 * Care Orders (000 §2.4 '{product} Care Orders', route {orderStatus?}/{dashboardType?}/orders): the devices ordered
 * for the patients in scope, the open ones first by age, so the team sees what has not reached the patient
 * (decisions.md "Care Orders"). `orderStatus` preselects a status (ordered, shipped, delivered, returned) and
 * `dashboardType` a program (rpm, ccm), as the patients list's segments do.
 */
export const careOrdersList = defineList({
  name: 'care-orders',
  title: `${PRODUCT} Care Orders`,
  spec: '000 §2.4',
  route: LIST_ROUTES.careOrders,
  page: `${PRODUCT} Care Orders`,
  row: careOrderRow,
  idKey: 'device_order_id',
  columns: [
    patientColumn(CARE_ORDER_LINK),
    { key: 'practice_name', label: 'Practice', sortable: true },
    { key: 'program', label: 'Program', sortable: true },
    { key: 'device_type', label: 'Device Type', sortable: true },
    { key: 'status', label: 'Status', sortable: true, rank: Object.values(DEVICE_ORDER_STATUSES) },
    { key: 'ordered_at', label: 'Ordered', sortable: true, format: 'datetime' },
    { key: 'days_open', label: 'Days Open', sortable: true, format: 'number' },
    { key: 'ordering_provider', label: 'Ordering Provider', sortable: true },
    { key: 'ordered_by', label: 'Ordered By' },
    { key: 'tracking_number', label: 'Tracking Number' },
    { key: 'shipped_at', label: 'Shipped', sortable: true, format: 'datetime' },
    { key: 'delivered_at', label: 'Delivered', sortable: true, format: 'datetime' },
  ],
  defaultSort: { key: 'ordered_at', order: 'asc' },
  filters: [
    {
      key: 'order_status',
      label: 'Status',
      multi: true,
      options: Object.entries(DEVICE_ORDER_STATUSES).map(([value, label]) => ({ value, label })),
    },
    ORDER_PROGRAM_FILTER,
    { key: 'device_type', label: 'Device Type', multi: true },
    PATIENT_FILTERS.practice,
    { key: 'ordered', label: 'Ordered Date', dateRange: true },
  ],
  defaultFilters: { order_status: OPEN_ORDER_STATUSES.join(',') },
  searchPlaceholder: 'Search patient name, RPM ID or tracking number',
  exports: ['pdf', 'csv'],
  open: CARE_ORDER_LINK,
  routeFilters: { orderStatus: 'order_status', dashboardType: 'order_program' },
});

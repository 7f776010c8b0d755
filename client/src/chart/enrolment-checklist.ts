import {
  type CallResponse,
  displayDate,
  type EnrollmentOrder,
  type getCarePlan,
  type PatientDevice,
} from '@rpm/shared';

/** One step of a new patient's enrolment. */
export interface ChecklistStep {
  readonly name: string;
  readonly done: boolean;
  /** What stands, or what is missing. */
  readonly detail: string;
  /** The chart route segment where the step is done (000 §2.3). */
  readonly segment: string;
}

type CarePlanState = Pick<CallResponse<typeof getCarePlan>['data'], 'in_force_version' | 'latest_version'>;

/**
 * The enrolment checklist (consent, order, device, rule, care plan): consent and the order from the
 * newest enrolment order, the device and its rule from the current assignments, the care plan done once a version
 * is signed (decisions.md "Overview new: enrolment checklist").
 */
export function enrolmentChecklist(input: {
  readonly orders: readonly EnrollmentOrder[];
  readonly devices: readonly PatientDevice[];
  readonly carePlan: CarePlanState;
}): ChecklistStep[] {
  const order = input.orders[0];
  const current = input.devices.filter((d) => d.current);
  const ruled = current.filter((d) => d.active_rule_id !== null);
  const { in_force_version, latest_version } = input.carePlan;
  return [
    {
      name: 'Consent',
      done: order !== undefined,
      detail: order
        ? `Captured on ${displayDate(order.consent_date)} (${order.consent_method})`
        : 'No consent recorded: it is captured with the enrolment order.',
      segment: 'enroll-details',
    },
    {
      name: 'Order',
      done: order !== undefined,
      detail: order
        ? `${order.program} order by ${order.ordering_provider} on ${displayDate(order.order_date)}`
        : 'No enrolment order.',
      segment: 'enroll-details',
    },
    {
      name: 'Device',
      done: current.length > 0,
      detail: current.length > 0 ? current.map((d) => d.device_name).join(', ') : 'No device assigned.',
      segment: 'devices',
    },
    {
      name: 'Rule',
      done: ruled.length > 0,
      detail:
        ruled.length > 0
          ? `Alert rule in force on ${ruled.map((d) => d.device_name).join(', ')}`
          : 'No alert rule in force.',
      segment: 'alert-rules',
    },
    {
      name: 'Care plan',
      done: in_force_version !== null,
      detail:
        in_force_version !== null
          ? `Signed (version ${in_force_version})`
          : latest_version !== null
            ? 'Written, awaiting the physician’s signature.'
            : 'Care plan missing.',
      segment: 'ccm',
    },
  ];
}

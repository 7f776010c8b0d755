import { Card, Icon, Intent } from '@blueprintjs/core';
import { getCarePlan, getEnrollmentOrders, getPatientDevices, MSG } from '@rpm/shared';
import { Link } from 'wouter';
import { useCall } from '../api/use-call';
import { enrolmentChecklist } from './enrolment-checklist';

/**
 * The overview of a newly enrolled patient (000 §2.3 overview/{patientId}/new): the enrolment checklist
 * instead of the monthly view, each step linking to the tab where it is done.
 */
export function EnrolmentChecklist({ patientId }: { readonly patientId: number }) {
  const orders = useCall(getEnrollmentOrders, { query: { patient_id: patientId } });
  const devices = useCall(getPatientDevices, { query: { patient_id: patientId } });
  const plan = useCall(getCarePlan, { query: { patient_id: patientId } });
  if (!orders.data || !devices.data || !plan.data) return <p>{MSG.loading}</p>;
  const steps = enrolmentChecklist({
    orders: orders.data.data,
    devices: devices.data.data,
    carePlan: plan.data.data,
  });
  const done = steps.filter((s) => s.done).length;
  return (
    <Card className="chart-enrolment" compact>
      <h3>Enrolment Checklist</h3>
      <p>
        {done} of {steps.length} steps done.
      </p>
      <ul aria-label="Enrolment steps" className="chart-enrolment-steps">
        {steps.map((step) => (
          <li key={step.name}>
            <Icon
              icon={step.done ? 'tick-circle' : 'circle'}
              intent={step.done ? Intent.SUCCESS : Intent.WARNING}
              title={step.done ? 'Done' : 'To do'}
            />{' '}
            <Link href={`/app/patient-chart/${step.segment}/${patientId}`}>{step.name}</Link>: {step.detail}
          </li>
        ))}
      </ul>
    </Card>
  );
}

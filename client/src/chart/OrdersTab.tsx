import { Button, Card, HTMLTable, Intent } from '@blueprintjs/core';
import { CONSENT_METHODS, displayDate, type EnrollmentOrder, getEnrollmentOrders, MSG } from '@rpm/shared';
import { useState } from 'react';
import { Link } from 'wouter';
import { useCall } from '../api/use-call';
import { AuthorizationDialog } from './orders/AuthorizationDialog';
import { OrderFormDialog } from './orders/OrderFormDialog';
import './orders/orders.css';

type Editing =
  | { readonly kind: 'order'; readonly order?: EnrollmentOrder }
  | { readonly kind: 'renew'; readonly orderId: number };

/**
 * The Orders tab (000 §2.3 enroll-details): the patient's RPM/CCM enrolment orders with ordering provider,
 * diagnoses, consent and the current insurance authorisation; new order, corrections and authorisation renewals.
 */
export function OrdersTab({ patientId }: { readonly patientId: number }) {
  const { data, reload } = useCall(getEnrollmentOrders, { query: { patient_id: patientId } });
  const [editing, setEditing] = useState<Editing | null>(null);
  const saved = () => {
    setEditing(null);
    reload();
  };

  return (
    <div className="chart-orders">
      <div className="chart-orders-actions">
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          text="New Order"
          onClick={() => setEditing({ kind: 'order' })}
        />
        <Link href="/app/patient-chart/authorization-history">Authorization History</Link>
      </div>
      {!data ? (
        <p>{MSG.loading}</p>
      ) : data.data.length === 0 ? (
        <p>{MSG.noDataFound}</p>
      ) : (
        data.data.map((order) => (
          <Card
            key={order.order_id}
            compact
            className="chart-order"
            aria-label={`${order.program} order ${order.order_id}`}
          >
            <h4>
              {order.program} order of {displayDate(order.order_date)}
            </h4>
            <HTMLTable compact>
              <tbody>
                <tr>
                  <th>Ordering Provider</th>
                  <td>
                    {order.ordering_provider}
                    {order.provider_npi ? ` (NPI ${order.provider_npi})` : ''}
                  </td>
                </tr>
                <tr>
                  <th>Diagnosis Codes</th>
                  <td>{order.diagnosis_codes.join(', ')}</td>
                </tr>
                <tr>
                  <th>Consent</th>
                  <td>
                    {CONSENT_METHODS[order.consent_method]}, {displayDate(order.consent_date)}
                  </td>
                </tr>
                <tr>
                  <th>Authorization</th>
                  <td>
                    {order.authorization
                      ? `${order.authorization.authorization_number}, ${displayDate(order.authorization.start_date)} – ${displayDate(order.authorization.end_date)}`
                      : 'None recorded'}
                  </td>
                </tr>
              </tbody>
            </HTMLTable>
            <Button
              small
              minimal
              icon="edit"
              text={MSG.edit}
              onClick={() => setEditing({ kind: 'order', order })}
            />
            <Button
              small
              minimal
              icon="refresh"
              text="New Authorization"
              onClick={() => setEditing({ kind: 'renew', orderId: order.order_id })}
            />
          </Card>
        ))
      )}
      {editing?.kind === 'order' && (
        <OrderFormDialog
          patientId={patientId}
          {...(editing.order ? { order: editing.order } : {})}
          onSaved={saved}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'renew' && (
        <AuthorizationDialog orderId={editing.orderId} onSaved={saved} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}

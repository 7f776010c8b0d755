import { Button, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import {
  addDeviceOrder,
  DEVICE_ORDER_STATUSES,
  type DeviceOrderStatus,
  displayDate,
  getAllVitals,
  getDeviceOrders,
  getEnrollmentOrders,
  nextDeviceOrderStatuses,
  TRACKING_NUMBER_MAX,
  updateDeviceOrderStatus,
} from '@rpm/shared';
import { useState } from 'react';
import { useActionKey } from '../api/action-key';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { showToast } from '../toaster/toast';
import { ChartTable } from './ChartTable';
import './orders/orders.css';

type Move = Exclude<DeviceOrderStatus, 'ordered'>;

/**
 * The Sub Orders tab (000 §2.3 sub-orders): the devices ordered under the patient's enrolment orders and
 * their fulfilment, moved forward only (decisions.md "Device orders").
 */
export function SubOrdersTab({ patientId }: { readonly patientId: number }) {
  const { call } = useApi();
  const orders = useCall(getEnrollmentOrders, { query: { patient_id: patientId } });
  const vitals = useCall(getAllVitals, {});
  const { data, reload } = useCall(getDeviceOrders, { query: { patient_id: patientId } });
  const [orderId, setOrderId] = useState<number | null>(null);
  const [deviceTypeId, setDeviceTypeId] = useState<number | null>(null);
  const [tracking, setTracking] = useState<Record<number, string>>({});
  const types = [
    ...new Map((vitals.data?.data ?? []).map((v) => [v.device_type_id, v.device_type])).entries(),
  ];
  const order = orderId ?? orders.data?.data[0]?.order_id ?? null;
  const type = deviceTypeId ?? types[0]?.[0] ?? null;
  const actionKey = useActionKey(order, type, data?.data.length);

  const add = async () => {
    if (order === null || type === null) return;
    try {
      const answer = await call(addDeviceOrder, {
        body: { order_id: order, device_type_id: type },
        headers: { 'idempotency-key': actionKey },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      reload();
    } catch {
      // Shown by the error dialog.
    }
  };

  const move = async (id: number, status: Move) => {
    const number = tracking[id]?.trim();
    try {
      await call(updateDeviceOrderStatus, {
        body: {
          device_order_id: id,
          status,
          tracking_number: status === 'shipped' && number ? number : null,
        },
      });
      reload();
    } catch {
      // Shown by the error dialog.
    }
  };

  if (orders.data && orders.data.data.length === 0)
    return <p>Record an enrolment order on the Orders tab first.</p>;
  return (
    <div className="chart-sub-orders">
      <div className="chart-form-row">
        <FormGroup label="Order" labelFor="sub-order-order">
          <HTMLSelect
            id="sub-order-order"
            value={order ?? ''}
            options={(orders.data?.data ?? []).map((o) => ({
              value: o.order_id,
              label: `${o.program} order of ${displayDate(o.order_date)}`,
            }))}
            onChange={(e) => setOrderId(Number(e.currentTarget.value))}
          />
        </FormGroup>
        <FormGroup label="Device" labelFor="sub-order-device">
          <HTMLSelect
            id="sub-order-device"
            value={type ?? ''}
            options={types.map(([value, label]) => ({ value, label }))}
            onChange={(e) => setDeviceTypeId(Number(e.currentTarget.value))}
          />
        </FormGroup>
        <Button intent={Intent.PRIMARY} icon="add" text="Order Device" onClick={() => void add()} />
      </div>
      <ChartTable
        rows={data?.data}
        columns={[
          'Device',
          'Status',
          'Ordered',
          'Shipped',
          'Delivered',
          'Returned',
          'Tracking Number',
          'Ordered By',
          'Actions',
        ]}
      >
        {(d) => (
          <tr key={d.device_order_id}>
            <td>{d.device_type}</td>
            <td>{DEVICE_ORDER_STATUSES[d.status]}</td>
            <td>{displayDate(d.ordered_at)}</td>
            <td>{displayDate(d.shipped_at)}</td>
            <td>{displayDate(d.delivered_at)}</td>
            <td>{displayDate(d.returned_at)}</td>
            <td>
              {d.status === 'ordered' ? (
                <InputGroup
                  small
                  aria-label={`Tracking number of order ${d.device_order_id}`}
                  maxLength={TRACKING_NUMBER_MAX}
                  value={tracking[d.device_order_id] ?? ''}
                  onChange={(e) => setTracking({ ...tracking, [d.device_order_id]: e.currentTarget.value })}
                />
              ) : (
                (d.tracking_number ?? '')
              )}
            </td>
            <td>{d.ordered_by_name}</td>
            <td>
              {nextDeviceOrderStatuses(d.status).map((next) => (
                <Button
                  key={next}
                  small
                  minimal
                  text={`Mark ${DEVICE_ORDER_STATUSES[next]}`}
                  onClick={() => void move(d.device_order_id, next as Move)}
                />
              ))}
            </td>
          </tr>
        )}
      </ChartTable>
    </div>
  );
}

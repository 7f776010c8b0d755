import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import {
  addEnrollmentOrder,
  CONSENT_METHODS,
  type ConsentMethod,
  type EnrollmentOrder,
  formErrors,
  isoDay,
  MSG,
  ORDER_PROGRAMS,
  ORDERING_PROVIDER_MAX,
  updateEnrollmentOrder,
} from '@rpm/shared';
import { type ReactNode, useState } from 'react';
import { useActionKey } from '../../api/action-key';
import { useApi } from '../../errors/ErrorDialogProvider';
import { showToast } from '../../toaster/toast';

export interface OrderFormDialogProps {
  readonly patientId: number;
  /** The order to correct; none for a new one (which may carry its first authorisation). */
  readonly order?: EnrollmentOrder;
  readonly onSaved: () => void;
  readonly onClose: () => void;
}

/** A labelled field whose error shows once the user tried to save. */
function Field(props: { label: string; id: string; error: string | undefined; children: ReactNode }) {
  return (
    <FormGroup
      label={props.label}
      labelFor={props.id}
      intent={props.error ? Intent.DANGER : Intent.NONE}
      helperText={props.error}
    >
      {props.children}
    </FormGroup>
  );
}

/** The enrolment order form (000 §2.3 enroll-details; decisions.md "Enrolment orders"), checked by the shared schema. */
export function OrderFormDialog({ patientId, order, onSaved, onClose }: OrderFormDialogProps) {
  const { call } = useApi();
  const today = isoDay(new Date());
  const [v, setV] = useState({
    program: order?.program ?? 'RPM',
    ordering_provider: order?.ordering_provider ?? '',
    provider_npi: order?.provider_npi ?? '',
    diagnosis_codes: order?.diagnosis_codes.join(', ') ?? '',
    order_date: order?.order_date ?? today,
    consent_date: order?.consent_date ?? today,
    consent_method: order?.consent_method ?? ('verbal' as ConsentMethod),
    authorization_number: '',
    start_date: today,
    end_date: '',
  });
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof v) => (e: { currentTarget: { value: string } }) =>
    setV({ ...v, [key]: e.currentTarget.value });

  const fields = {
    program: v.program,
    ordering_provider: v.ordering_provider,
    provider_npi: v.provider_npi.trim() === '' ? null : v.provider_npi.trim(),
    diagnosis_codes: v.diagnosis_codes.split(/[\s,;]+/).filter(Boolean),
    order_date: v.order_date,
    consent_date: v.consent_date,
    consent_method: v.consent_method,
  };
  const authorization =
    v.authorization_number.trim() === ''
      ? null
      : { authorization_number: v.authorization_number, start_date: v.start_date, end_date: v.end_date };
  const body = order
    ? { order_id: order.order_id, ...fields }
    : { patient_id: patientId, ...fields, authorization };
  const errors = formErrors(order ? updateEnrollmentOrder.body : addEnrollmentOrder.body, body);
  const error = (key: string) => (shown ? errors[key] : undefined);
  const actionKey = useActionKey(body);

  const save = async () => {
    setShown(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      const answer = order
        ? await call(updateEnrollmentOrder, { body: { order_id: order.order_id, ...fields } })
        : await call(addEnrollmentOrder, {
            body: { patient_id: patientId, ...fields, authorization },
            headers: { 'idempotency-key': actionKey },
          });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      onSaved();
    } catch {
      // Shown by the error dialog.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen title={order ? 'Edit Order' : 'New Order'} onClose={onClose}>
      <DialogBody>
        <Field label="Program" id="order-program" error={error('program')}>
          <HTMLSelect
            id="order-program"
            value={v.program}
            options={[...ORDER_PROGRAMS]}
            onChange={set('program')}
          />
        </Field>
        <Field label="Ordering Provider" id="order-provider" error={error('ordering_provider')}>
          <InputGroup
            id="order-provider"
            maxLength={ORDERING_PROVIDER_MAX}
            value={v.ordering_provider}
            onChange={set('ordering_provider')}
          />
        </Field>
        <Field label="Provider NPI" id="order-npi" error={error('provider_npi')}>
          <InputGroup
            id="order-npi"
            inputMode="numeric"
            value={v.provider_npi}
            onChange={set('provider_npi')}
          />
        </Field>
        <Field label="Diagnosis Codes (ICD-10)" id="order-codes" error={error('diagnosis_codes')}>
          <InputGroup
            id="order-codes"
            placeholder="I10, E11.9"
            value={v.diagnosis_codes}
            onChange={set('diagnosis_codes')}
          />
        </Field>
        <Field label="Order Date" id="order-date" error={error('order_date')}>
          <InputGroup
            id="order-date"
            type="date"
            max={today}
            value={v.order_date}
            onChange={set('order_date')}
          />
        </Field>
        <Field label="Consent Date" id="order-consent-date" error={error('consent_date')}>
          <InputGroup
            id="order-consent-date"
            type="date"
            max={today}
            value={v.consent_date}
            onChange={set('consent_date')}
          />
        </Field>
        <Field label="Consent Method" id="order-consent-method" error={error('consent_method')}>
          <HTMLSelect
            id="order-consent-method"
            value={v.consent_method}
            options={Object.entries(CONSENT_METHODS).map(([value, label]) => ({ value, label }))}
            onChange={set('consent_method')}
          />
        </Field>
        {!order && (
          <>
            <Field label="Authorization Number (if required)" id="order-auth" error={error('authorization')}>
              <InputGroup
                id="order-auth"
                value={v.authorization_number}
                onChange={set('authorization_number')}
              />
            </Field>
            {authorization && (
              <>
                <Field label="Authorization Start" id="order-auth-start" error={undefined}>
                  <InputGroup
                    id="order-auth-start"
                    type="date"
                    value={v.start_date}
                    onChange={set('start_date')}
                  />
                </Field>
                <Field label="Authorization End" id="order-auth-end" error={undefined}>
                  <InputGroup id="order-auth-end" type="date" value={v.end_date} onChange={set('end_date')} />
                </Field>
              </>
            )}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MSG.close} disabled={busy} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text={MSG.save} loading={busy} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}

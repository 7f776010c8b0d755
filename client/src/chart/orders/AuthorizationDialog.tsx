import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { AUTHORIZATION_NUMBER_MAX, addOrderAuthorization, formErrors, isoDay, MSG } from '@rpm/shared';
import { useState } from 'react';
import { useActionKey } from '../../api/action-key';
import { useApi } from '../../errors/ErrorDialogProvider';
import { showToast } from '../../toaster/toast';

/** Records a new authorisation of an order; the earlier ones stay (decisions.md "Authorization history"). */
export function AuthorizationDialog(props: { orderId: number; onSaved: () => void; onClose: () => void }) {
  const { call } = useApi();
  const [v, setV] = useState({ authorization_number: '', start_date: isoDay(new Date()), end_date: '' });
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const body = { order_id: props.orderId, ...v };
  const errors = formErrors(addOrderAuthorization.body, body);
  const actionKey = useActionKey(body);
  const field = (key: keyof typeof v, label: string, type = 'text') => (
    <FormGroup
      label={label}
      labelFor={`authorization-${key}`}
      intent={shown && errors[key] ? Intent.DANGER : Intent.NONE}
      helperText={shown ? errors[key] : undefined}
    >
      <InputGroup
        id={`authorization-${key}`}
        type={type}
        maxLength={AUTHORIZATION_NUMBER_MAX}
        value={v[key]}
        onChange={(e) => setV({ ...v, [key]: e.currentTarget.value })}
      />
    </FormGroup>
  );

  const save = async () => {
    setShown(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      const answer = await call(addOrderAuthorization, { body, headers: { 'idempotency-key': actionKey } });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      props.onSaved();
    } catch {
      // Shown by the error dialog.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen title="New Authorization" onClose={props.onClose}>
      <DialogBody>
        {field('authorization_number', 'Authorization Number')}
        {field('start_date', 'Start Date', 'date')}
        {field('end_date', 'End Date', 'date')}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MSG.close} disabled={busy} onClick={props.onClose} />
            <Button intent={Intent.PRIMARY} text={MSG.save} loading={busy} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}

import { type CallDef, type CallInput, formErrors } from '@rpm/shared';
import { useState } from 'react';
import { useActionKey } from '../../api/action-key';
import type { CallRequest } from '../../api/call';
import { useApi } from '../../errors/ErrorDialogProvider';

/**
 * The writes of the Clinical tab's sections: `add` checks the form with the call's own schema (field messages in
 * `errors`), sends it once per action (Idempotency-Key) and then `done`; `edit` sends a row's change. Failures are
 * shown by the error dialog; the section reloads after a success.
 */
export function useClinicalWrite<C extends CallDef>(
  addCall: C,
  body: CallInput<C>['body'],
  done: () => void,
) {
  const { call } = useApi();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const actionKey = useActionKey(body);

  const send = async <D extends CallDef>(def: D, request: CallRequest<D>) => {
    try {
      await call(def, request);
      return true;
    } catch {
      return false; // Shown by the error dialog.
    }
  };

  const add = async () => {
    const found = addCall.body ? formErrors(addCall.body, body) : {};
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const request = { body, headers: { 'idempotency-key': actionKey } } as CallRequest<C>;
    if (await send(addCall, request)) done();
  };

  const edit = async <D extends CallDef>(def: D, change: CallInput<D>['body']) => {
    if (await send(def, { body: change } as CallRequest<D>)) done();
  };

  return { errors, add, edit };
}

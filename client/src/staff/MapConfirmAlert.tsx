import { Alert, Intent } from '@blueprintjs/core';
import type { StaffTable } from '@rpm/shared';
import { type MapNames, mapConfirmation } from './add-admin-form';

export interface MapConfirmAlertProps {
  readonly table: StaffTable;
  /** Whom Save would map where; `null` while no confirmation is asked. */
  readonly names: MapNames | null;
  /** The call is under way: the confirm button spins and Cancel waits. */
  readonly busy: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/**
 * Select Admin's Save asks first (decisions.md "Select Admin eligibility and removal"): the user, the place and what
 * they gain; only the confirm button sends rpm/users/addExistingToMap.
 */
export function MapConfirmAlert({ table, names, busy, onConfirm, onCancel }: MapConfirmAlertProps) {
  const text = names && mapConfirmation(table, names);
  return (
    <Alert
      isOpen={names !== null}
      intent={Intent.PRIMARY}
      icon="new-person"
      confirmButtonText={`Make ${table.one}`}
      cancelButtonText="Cancel"
      canEscapeKeyCancel={!busy}
      loading={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {text && (
        <>
          <p>{text.question}</p>
          <p>{text.gain}</p>
        </>
      )}
    </Alert>
  );
}

import { Button } from '@blueprintjs/core';
import { awsTasksList, TASK_CALL_EVENTS } from '@rpm/shared';
import { ListScreen } from '../list/ListScreen';
import type { ListRow } from '../list/ListTable';

// The call pages of 000 §2.4 (Aws Call row): list definitions, and click-to-call on aws-tasks.

/**
 * Asks the softphone to dial (000 §4.9): the window event it listens to, with the patient and the number (ten
 * digits; the softphone dials +1 and them).
 */
function dial(kind: keyof typeof TASK_CALL_EVENTS, row: ListRow) {
  const number = row[kind];
  if (typeof number !== 'string') return;
  window.dispatchEvent(
    new CustomEvent(TASK_CALL_EVENTS[kind], { detail: { patient_id: Number(row.patient_id), number } }),
  );
}

/** AWS Tasks: the patients to call, each with Call Mobile and Call Phone. */
export function AwsTasksScreen() {
  return (
    <ListScreen
      def={awsTasksList}
      rowActions={(row) => {
        const name = String(row.patient_name);
        return (
          <>
            <Button
              size="small"
              variant="minimal"
              icon="mobile-phone"
              text="Call Mobile"
              aria-label={`Call ${name} on the mobile`}
              disabled={typeof row.mobile !== 'string'}
              onClick={() => dial('mobile', row)}
            />
            <Button
              size="small"
              variant="minimal"
              icon="phone"
              text="Call Phone"
              aria-label={`Call ${name} on the phone`}
              disabled={typeof row.phone !== 'string'}
              onClick={() => dial('phone', row)}
            />
          </>
        );
      }}
    />
  );
}

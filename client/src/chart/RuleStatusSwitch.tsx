import { Switch } from '@blueprintjs/core';
import { ruleStatusMachine, type TerminateInput } from '@rpm/machines';
import { type NotificationRule, RULE_STATUS, resumeRule, terminateRule } from '@rpm/shared';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useApi } from '../errors/ErrorDialogProvider';
import { ResumeDialog } from './ResumeDialog';

export interface RuleStatusSwitchProps {
  readonly rule: NotificationRule;
  /** The signed-in user (terminated_by). */
  readonly userId: number;
  /** The rule changed: reload the list. */
  readonly onChanged: () => void;
}

/** The Status column's switch (001 §2.2, §4), driven by ruleStatusMachine. */
export function RuleStatusSwitch({ rule, userId, onChanged }: RuleStatusSwitchProps) {
  const { call } = useApi();
  const machine = useMemo(
    () =>
      ruleStatusMachine.provide({
        actors: {
          resume: fromPromise<void>(async () => {
            await call(resumeRule, {
              body: {
                notification_rule_id: [rule.notification_rule_id],
                device_assign_id: rule.device_assign_id,
                deviceName: rule.device_name,
              },
            });
          }),
          terminate: fromPromise<void, TerminateInput>(async ({ input }) => {
            await call(terminateRule, {
              body: {
                notification_rule_id: rule.notification_rule_id,
                device_assign_id: rule.device_assign_id,
                terminated_by: userId,
                is_continue: input.continueWith !== null,
                start_date: input.continueWith?.start_date ?? null,
                end_date: input.continueWith?.end_date ?? null,
                deviceName: rule.device_name,
              },
            });
          }),
        },
        actions: { changed: () => onChanged() },
      }),
    [call, rule, userId, onChanged],
  );
  const actor = useActorRef(machine, { input: { active: rule.status === RULE_STATUS.active } });
  const state = useSelector(actor, (s) => s.value);
  const active = useSelector(actor, (s) => s.context.active);
  return (
    <>
      <Switch
        checked={active}
        disabled={state !== 'idle'}
        role="switch"
        aria-label={`Status of ${rule.device_name}`}
        onChange={() => actor.send({ type: 'TOGGLE' })}
        style={{ marginBottom: 0 }}
      />
      {(state === 'asking' || state === 'terminating') && (
        <ResumeDialog
          busy={state === 'terminating'}
          onSave={(dates) => actor.send({ type: 'SAVE', dates })}
          onNo={() => actor.send({ type: 'NO' })}
          onClose={() => actor.send({ type: 'CANCEL' })}
        />
      )}
    </>
  );
}

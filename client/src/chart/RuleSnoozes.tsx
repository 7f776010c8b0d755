import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import {
  cancelRuleSnooze,
  displayDateTime,
  MSG,
  type NotificationRule,
  type RuleHold,
  SNOOZE_REASON_MAX,
  snoozeRuleBound,
} from '@rpm/shared';
import { useId, useState } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import { showToast } from '../toaster/toast';

/** The lengths offered, in minutes: up to the 24 hours a snooze may last (decisions.md "Alert snooze"). */
const LENGTHS = [30, 60, 120, 240, 480, 720, 1440];
const lengthLabel = (minutes: number) => (minutes < 60 ? `${minutes} minutes` : `${minutes / 60} hours`);

/** The bounds a snooze may hold: each vital's abnormal low and high bound that is set (never a critical one). */
function snoozableBounds(rule: Pick<NotificationRule, 'vitals'>) {
  return rule.vitals.flatMap((v) => [
    ...(v.abnormal_low !== null
      ? [{ vital_id: v.vital_id, vital_type: v.vital_type, direction: 'low' as const }]
      : []),
    ...(v.abnormal_high !== null
      ? [{ vital_id: v.vital_id, vital_type: v.vital_type, direction: 'high' as const }]
      : []),
  ]);
}

/** One hold as the rule shows it. */
function holdText(h: RuleHold): string {
  const bound = `${h.vital_type} ${h.direction}`;
  if (h.kind === 'snooze')
    return `Snoozed: ${bound} until ${displayDateTime(h.until)} by ${h.by ?? '-'}: ${h.reason ?? ''}`;
  return `Held after an acknowledged ${h.level} alert: ${bound} since ${displayDateTime(h.since)} by ${h.by ?? '-'} (until a reading is back in range)`;
}

/** What holds the rule's readings now, with Cancel on each snooze. */
export function RuleHolds({
  rule,
  onChanged,
}: {
  readonly rule: NotificationRule;
  readonly onChanged: () => void;
}) {
  const { call } = useApi();
  const cancel = async (snoozeId: number) => {
    try {
      await call(cancelRuleSnooze, { body: { snooze_id: snoozeId } });
      void showToast({ message: 'Snooze cancelled', intent: Intent.SUCCESS });
      onChanged();
    } catch {
      // Shown by the error dialog.
    }
  };
  return (
    <ul className="chart-rule-holds">
      {rule.holds.map((h) => (
        <li key={`${h.kind}-${h.snooze_id ?? h.vital_id}-${h.direction}`}>
          {holdText(h)}
          {h.snooze_id !== null && (
            <Button
              size="small"
              variant="minimal"
              intent={Intent.DANGER}
              text="Cancel Snooze"
              onClick={() => void cancel(h.snooze_id as number)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

/** Snoozes one abnormal bound of the rule, with a length and a reason. */
export function SnoozeDialog({
  rule,
  onClose,
  onSnoozed,
}: {
  readonly rule: NotificationRule;
  readonly onClose: () => void;
  readonly onSnoozed: () => void;
}) {
  const id = useId();
  const { call } = useApi();
  const bounds = snoozableBounds(rule);
  const [bound, setBound] = useState(0);
  const [minutes, setMinutes] = useState(120);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = bounds[bound];

  const save = async () => {
    if (!chosen) return;
    if (reason.trim() === '') {
      setError(MSG.required);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const answer = await call(snoozeRuleBound, {
        body: {
          notification_rule_id: rule.notification_rule_id,
          vital_id: chosen.vital_id,
          direction: chosen.direction,
          minutes,
          reason: reason.trim(),
        },
      });
      void showToast({
        message: `Snoozed until ${displayDateTime(answer.data.ends_at)}`,
        intent: Intent.SUCCESS,
      });
      onSnoozed();
    } catch {
      // Shown by the error dialog (409: already snoozed, or the rule is not in force).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen title={`Snooze Alerts: ${rule.device_name}`} onClose={onClose}>
      <DialogBody>
        {bounds.length === 0 ? (
          <p>This rule has no abnormal bound to snooze; a critical bound is never snoozed.</p>
        ) : (
          <>
            <p>
              Readings beyond the bound are kept and marked but raise no alert. Critical readings always
              alert.
            </p>
            <FormGroup label="Bound*" labelFor={`${id}-bound`}>
              <HTMLSelect
                id={`${id}-bound`}
                value={bound}
                onChange={(e) => setBound(Number(e.currentTarget.value))}
                options={bounds.map((b, n) => ({
                  value: n,
                  label: `${b.vital_type} ${b.direction} (abnormal)`,
                }))}
              />
            </FormGroup>
            <FormGroup label="For*" labelFor={`${id}-minutes`}>
              <HTMLSelect
                id={`${id}-minutes`}
                value={minutes}
                onChange={(e) => setMinutes(Number(e.currentTarget.value))}
                options={LENGTHS.map((m) => ({ value: m, label: lengthLabel(m) }))}
              />
            </FormGroup>
            <FormGroup
              label="Reason*"
              labelFor={`${id}-reason`}
              intent={error ? Intent.DANGER : Intent.NONE}
              helperText={error}
            >
              <TextArea
                id={`${id}-reason`}
                fill
                rows={3}
                maxLength={SNOOZE_REASON_MAX}
                value={reason}
                intent={error ? Intent.DANGER : Intent.NONE}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
            </FormGroup>
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MSG.close} onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text="Snooze"
              loading={busy}
              disabled={!chosen}
              onClick={() => void save()}
            />
          </>
        }
      />
    </Dialog>
  );
}

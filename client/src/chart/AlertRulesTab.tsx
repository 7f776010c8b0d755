import { Button, Dialog, DialogBody, DialogFooter, HTMLSelect, HTMLTable, Intent } from '@blueprintjs/core';
import {
  displayUtcDay,
  getMoreNotificationRuleData,
  getNotificationRules,
  MSG,
  type NotificationRule,
  RULE_STATUS_FILTER,
  WEIGHT_DEVICE_TYPE_ID,
} from '@rpm/shared';
import { Fragment, useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/api-error';
import { useApi } from '../errors/ErrorDialogProvider';
import { useSession } from '../session/SessionProvider';
import { RuleFormDialog } from './RuleFormDialog';
import { RuleHolds, SnoozeDialog } from './RuleSnoozes';
import { RuleStatusSwitch } from './RuleStatusSwitch';
import { VitalBoundsTable } from './VitalBoundsTable';

export interface AlertRulesTabProps {
  readonly patientId: number;
  /** The read-only 'notes' mode (001 §2.2): Status, Edit and Add New are hidden. */
  readonly readOnly?: boolean;
  /** The route's {deviceType?} (000 §2.3): only that device type's rules. */
  readonly deviceType?: string | null;
}

/**
 * Whether a rule belongs to the route's {deviceType?} (decisions.md "Alert-rules route segment").
 */
export function matchesDeviceType(
  rule: Pick<NotificationRule, 'device_type_id' | 'device_type'>,
  deviceType: string | null | undefined,
): boolean {
  if (!deviceType) return true;
  if (/^\d+$/.test(deviceType)) return rule.device_type_id === Number(deviceType);
  const key = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');
  return key(rule.device_type) === key(deviceType);
}

const FILTERS = [
  { value: RULE_STATUS_FILTER.all, label: MSG.statusAll },
  { value: RULE_STATUS_FILTER.active, label: MSG.statusActive },
  { value: RULE_STATUS_FILTER.inactive, label: MSG.statusInactive },
];

/**
 * The Alert Rules tab (001 §2.2, §4, §5): the patient's notification rules filtered All/Active/InActive, with
 * Device, Interval, Start Date, End Date, Monitoring Levels (eye; disabled for device type 2), Status (switch) and
 * Edit; 'Add New'. Pagination is off (001 §2.2). Beside Edit, Snooze; under a rule, what holds its readings now
 * (decisions.md "Alert snooze").
 */
export function AlertRulesTab({ patientId, readOnly = false, deviceType = null }: AlertRulesTabProps) {
  const { call, showError } = useApi();
  const { user } = useSession();
  const [filter, setFilter] = useState<number>(RULE_STATUS_FILTER.all);
  const [rules, setRules] = useState<NotificationRule[] | null>(null);
  const [editing, setEditing] = useState<number | null | 'new'>(null);
  const [levels, setLevels] = useState<NotificationRule | null>(null);
  const [snoozing, setSnoozing] = useState<NotificationRule | null>(null);

  const [offline, setOffline] = useState(false);

  const load = useCallback(async () => {
    try {
      const answer = await call(
        getNotificationRules,
        { query: { user_id: patientId, status: filter } },
        { quiet: true },
      );
      setRules(answer.data.filter((rule) => matchesDeviceType(rule, deviceType)));
    } catch (error) {
      // 001 §2.2: a connection failure opens 'Alert' with Reload; other failures the error dialog.
      if (error instanceof ApiError && error.status === 0) setOffline(true);
      else if (error instanceof ApiError) void showError(error);
    }
  }, [call, showError, patientId, filter, deviceType]);

  useEffect(() => {
    void load();
  }, [load]);

  const showLevels = async (ruleId: number) => {
    try {
      setLevels((await call(getMoreNotificationRuleData, { query: { notification_rule_id: ruleId } })).data);
    } catch {
      // Shown by the error dialog.
    }
  };

  return (
    <div className="chart-rules">
      <div className="chart-rules-toolbar">
        <HTMLSelect
          aria-label="Status"
          value={filter}
          onChange={(e) => setFilter(Number(e.currentTarget.value))}
          options={FILTERS}
        />
        {!readOnly && (
          <Button intent={Intent.PRIMARY} icon="plus" text={MSG.addNew} onClick={() => setEditing('new')} />
        )}
      </div>
      {rules === null ? (
        <p>{MSG.loading}</p>
      ) : (
        <HTMLTable compact striped className="chart-rules-table">
          <thead>
            <tr>
              <th>{MSG.colDevice}</th>
              <th>{MSG.colInterval}</th>
              <th>{MSG.colStartDate}</th>
              <th>{MSG.colEndDate}</th>
              <th>{MSG.colMonitoringLevels}</th>
              {!readOnly && <th>{MSG.colStatus}</th>}
              {!readOnly && <th>{MSG.edit}</th>}
            </tr>
          </thead>
          <tbody>
            {rules.length === 0 && (
              <tr>
                <td colSpan={readOnly ? 5 : 7}>{MSG.noDataFound}</td>
              </tr>
            )}
            {rules.map((rule) => (
              <Fragment key={rule.notification_rule_id}>
                <tr>
                  <td>
                    {rule.device_name} ({rule.IMEI})
                  </td>
                  <td>
                    {rule.interval} / {rule.interval_type}
                  </td>
                  <td>{displayUtcDay(rule.start_date)}</td>
                  <td>{displayUtcDay(rule.end_date)}</td>
                  <td>
                    <Button
                      minimal
                      icon="eye-open"
                      aria-label={`${MSG.vitalMonitoringLevels} of ${rule.device_name}`}
                      disabled={rule.device_type_id === WEIGHT_DEVICE_TYPE_ID}
                      onClick={() => void showLevels(rule.notification_rule_id)}
                    />
                  </td>
                  {!readOnly && (
                    <td>
                      {user && (
                        <RuleStatusSwitch
                          key={`${rule.status}-${rule.updated_at}`}
                          rule={rule}
                          userId={user.user_id}
                          onChanged={() => void load()}
                        />
                      )}
                    </td>
                  )}
                  {!readOnly && (
                    <td>
                      <Button
                        minimal
                        icon="edit"
                        aria-label={`${MSG.edit} ${rule.device_name}`}
                        onClick={() => setEditing(rule.notification_rule_id)}
                      />
                      {rule.status === 1 && rule.device_type_id !== WEIGHT_DEVICE_TYPE_ID && (
                        // decisions.md "Alert snooze": beside Edit, as the spec's columns stay as they are.
                        <Button
                          minimal
                          icon="notifications-snooze"
                          aria-label={`Snooze alerts of ${rule.device_name}`}
                          onClick={() => setSnoozing(rule)}
                        />
                      )}
                    </td>
                  )}
                </tr>
                {rule.holds.length > 0 && (
                  <tr>
                    <td colSpan={readOnly ? 5 : 7}>
                      <RuleHolds rule={rule} onChanged={() => void load()} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {editing !== null && (
        <RuleFormDialog
          patientId={patientId}
          ruleId={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
      {offline && (
        <Dialog isOpen title="Alert" onClose={() => setOffline(false)}>
          <DialogBody>
            <p>{MSG.cantConnect}</p>
          </DialogBody>
          <DialogFooter
            actions={
              <Button intent={Intent.PRIMARY} text={MSG.reload} onClick={() => window.location.reload()} />
            }
          />
        </Dialog>
      )}
      {snoozing && (
        <SnoozeDialog
          rule={snoozing}
          onClose={() => setSnoozing(null)}
          onSnoozed={() => {
            setSnoozing(null);
            void load();
          }}
        />
      )}
      {levels && (
        <Dialog isOpen title={MSG.vitalMonitoringLevels} onClose={() => setLevels(null)}>
          <DialogBody>
            <VitalBoundsTable vitals={levels.vitals} />
          </DialogBody>
        </Dialog>
      )}
    </div>
  );
}

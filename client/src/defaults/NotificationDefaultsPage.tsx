import { Button, Callout, Card, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import {
  getAllVitals,
  getVitalsDefaults,
  lowestRoleId,
  MSG,
  PATIENT_ROLE_ID,
  seesNotificationDefaults,
  type ThresholdField,
  type Thresholds,
  thresholdProblem,
  updateVitalsDefaults,
  vitalKind,
} from '@rpm/shared';
import { useEffect, useState } from 'react';
import { ApiError } from '../api/api-error';
import { call } from '../api/call';
import { useCall } from '../api/use-call';
import { ThresholdEditor } from '../chart/ThresholdEditor';
import { useApi } from '../errors/ErrorDialogProvider';
import { NotFoundPage } from '../pages/not-found/NotFoundPage';
import { useSession } from '../session/SessionProvider';

interface Row {
  readonly vital_id: number;
  readonly vital_type: string;
  readonly unit: string;
  readonly thresholds: Thresholds;
}

/**
 * /app/notification-defaults (000 §2.2, §6.2): the user's own default bounds per vital, which new alert rules start
 * from (getVitalsDefaults). Shown to the users 000 §6.2 names; the server refuses the save to anyone else.
 */
export function NotificationDefaultsPage() {
  const { user } = useSession();
  const { showError } = useApi();
  const vitals = useCall(getAllVitals, undefined);
  const types = [
    ...new Map((vitals.data?.data ?? []).map((v) => [v.device_type_id, v.device_type])).entries(),
  ];
  const [deviceType, setDeviceType] = useState<number | null>(null);
  const chosen = deviceType ?? types[0]?.[0] ?? null;
  const role = user ? (lowestRoleId(user.roleid) ?? PATIENT_ROLE_ID) : PATIENT_ROLE_ID;
  const loaded = useCall(
    getVitalsDefaults,
    chosen === null ? undefined : { query: { role_id: role, device_type_id: chosen } },
    { enabled: chosen !== null },
  );
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<Record<number, Partial<Record<ThresholdField, string>>>>({});
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setRows(
      (loaded.data?.data ?? []).map(({ vital_id, vital_type, unit, ...t }) => ({
        vital_id,
        vital_type,
        unit,
        thresholds: {
          critical_low: t.critical_low,
          abnormal_low: t.abnormal_low,
          abnormal_high: t.abnormal_high,
          critical_high: t.critical_high,
        },
      })),
    );
    setErrors({});
  }, [loaded.data]);

  if (!user) return null;
  if (!seesNotificationDefaults(user)) return <NotFoundPage variant="frame" />;

  const save = async () => {
    if (saving || chosen === null) return;
    // The same rules as the server's (001 §5): nothing is sent while a bound breaks one.
    const found: typeof errors = {};
    for (const row of rows) {
      const problem = thresholdProblem(row.thresholds, vitalKind(row.vital_type));
      if (problem) found[row.vital_id] = { [problem.field]: problem.message };
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await call(updateVitalsDefaults, {
        body: {
          device_type_id: chosen,
          vitals: rows.map((r) => ({ vital_id: r.vital_id, ...r.thresholds })),
        },
      });
      setSaved(true);
    } catch (error) {
      if (error instanceof ApiError) showError(error);
      else throw error;
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="notification-defaults" aria-labelledby="notification-defaults-title">
      <h2 id="notification-defaults-title">Notification Defaults</h2>
      <FormGroup label="Device Type" labelFor="notification-defaults-type" inline>
        <HTMLSelect
          id="notification-defaults-type"
          value={chosen ?? ''}
          onChange={(e) => {
            setDeviceType(Number(e.currentTarget.value));
            setSaved(false);
          }}
        >
          {types.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {rows.map((row) => (
        <ThresholdEditor
          key={`${chosen}-${row.vital_id}`}
          vitalId={row.vital_id}
          title={`${row.vital_type} (${row.unit})`}
          kind={vitalKind(row.vital_type)}
          value={row.thresholds}
          errors={errors[row.vital_id]}
          onChange={(thresholds) => {
            setRows((all) => all.map((r) => (r.vital_id === row.vital_id ? { ...r, thresholds } : r)));
            setSaved(false);
          }}
        />
      ))}
      <Button intent={Intent.PRIMARY} text={MSG.save} loading={saving} onClick={save} />
      {saved && (
        <Callout intent={Intent.SUCCESS} role="status">
          {MSG.updatedSuccessfully}
        </Callout>
      )}
    </Card>
  );
}

import { Button, Card, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import {
  CHECK_IN_FREQUENCIES,
  CHECK_IN_FREQUENCY_LABELS,
  getProtocolDefaults,
  MSG,
  PROTOCOL_READING_DAYS,
  SNACKBAR_MS,
  seesProtocolDefaults,
  type ThresholdField,
  type Thresholds,
  thresholdProblem,
  updateProtocolDefaults,
  vitalKind,
} from '@rpm/shared';
import { useEffect, useState } from 'react';
import { useCall } from '../api/use-call';
import { ThresholdEditor } from '../chart/ThresholdEditor';
import { useApi } from '../errors/ErrorDialogProvider';
import { NotFoundPage } from '../pages/not-found/NotFoundPage';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';
import { OrganizationSelect } from './OrganizationSelect';

type Frequency = (typeof CHECK_IN_FREQUENCIES)[number];

const boundsOf = (v: Thresholds): Thresholds => ({
  critical_low: v.critical_low,
  abnormal_low: v.abnormal_low,
  abnormal_high: v.abnormal_high,
  critical_high: v.critical_high,
});

/**
 * /app/rpmProtocol-defaults (000 §2.2, §6.2 'RPM Protocol Defaults: role 5'): the protocol an organisation's new
 * patients start from: each vital's bounds, reading target days per month and the check-in frequency.
 */
export function ProtocolDefaultsPage() {
  const { user } = useSession();
  const api = useApi();
  const allowed = user !== null && seesProtocolDefaults(user);
  const [organizationId, setOrganizationId] = useState<number | undefined>(undefined);
  const loaded = useCall(
    getProtocolDefaults,
    { query: organizationId === undefined ? {} : { organization_id: organizationId } },
    { enabled: allowed },
  );
  const data = loaded.data?.data;
  const [days, setDays] = useState('');
  const [frequency, setFrequency] = useState<Frequency>('monthly');
  const [bounds, setBounds] = useState<Record<number, Thresholds>>({});
  const [errors, setErrors] = useState<Record<number, Partial<Record<ThresholdField, string>>>>({});
  const [daysError, setDaysError] = useState<string | null>(null);

  useEffect(() => {
    if (!data) return;
    setDays(String(data.reading_days));
    setFrequency(data.check_in_frequency);
    setBounds(Object.fromEntries(data.vitals.map((v) => [v.vital_id, boundsOf(v)])));
    setErrors({});
    setDaysError(null);
  }, [data]);

  if (!user) return null;
  if (!allowed) return <NotFoundPage variant="frame" />;
  if (!data) return <Card aria-busy="true" />;

  const save = async () => {
    // The server's rules (001 §5 bounds, the shared day limits): nothing is sent while one breaks.
    const found: typeof errors = {};
    for (const v of data.vitals) {
      const t = bounds[v.vital_id];
      const problem = t && thresholdProblem(t, vitalKind(v.vital_type));
      if (problem) found[v.vital_id] = { [problem.field]: problem.message };
    }
    const n = Number(days);
    const badDays =
      !/^\d+$/.test(days) || n < PROTOCOL_READING_DAYS.min || n > PROTOCOL_READING_DAYS.max
        ? `Enter ${PROTOCOL_READING_DAYS.min} to ${PROTOCOL_READING_DAYS.max} days.`
        : null;
    setErrors(found);
    setDaysError(badDays);
    if (Object.keys(found).length > 0 || badDays) return;
    try {
      const answer = await api.call(updateProtocolDefaults, {
        body: {
          organization_id: data.organization_id,
          reading_days: n,
          check_in_frequency: frequency,
          vitals: data.vitals.map((v) => ({ vital_id: v.vital_id, ...(bounds[v.vital_id] ?? boundsOf(v)) })),
        },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      loaded.reload();
    } catch {
      // The error dialog shows it; the form keeps what was typed.
    }
  };

  return (
    <Card className="protocol-defaults" aria-labelledby="protocol-defaults-title">
      <h2 id="protocol-defaults-title">RPM Protocol Defaults</h2>
      <OrganizationSelect id="protocol-defaults-org" data={data} onChange={setOrganizationId} />
      {!data.own && <p>The product's protocol: saving makes it your organization's own.</p>}
      <FormGroup
        label="Reading days per month"
        labelFor="protocol-defaults-days"
        helperText={daysError ?? undefined}
        intent={daysError ? Intent.DANGER : Intent.NONE}
      >
        <InputGroup
          id="protocol-defaults-days"
          inputMode="numeric"
          value={days}
          onValueChange={setDays}
          intent={daysError ? Intent.DANGER : Intent.NONE}
        />
      </FormGroup>
      <FormGroup label="Check-in frequency" labelFor="protocol-defaults-checkin">
        <HTMLSelect
          id="protocol-defaults-checkin"
          value={frequency}
          onChange={(e) => setFrequency(e.currentTarget.value as Frequency)}
        >
          {CHECK_IN_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {CHECK_IN_FREQUENCY_LABELS[f]}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {data.vitals.map((v) => (
        <ThresholdEditor
          key={`${data.organization_id}-${v.vital_id}`}
          vitalId={v.vital_id}
          title={`${v.device_type}: ${v.vital_type} (${v.unit})`}
          kind={vitalKind(v.vital_type)}
          value={bounds[v.vital_id] ?? boundsOf(v)}
          errors={errors[v.vital_id]}
          onChange={(t) => setBounds((all) => ({ ...all, [v.vital_id]: t }))}
        />
      ))}
      <Button intent={Intent.PRIMARY} text={MSG.save} onClick={() => void save()} />
    </Card>
  );
}

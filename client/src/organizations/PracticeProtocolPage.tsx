import { Button, Callout, Card, HTMLSelect, HTMLTable, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import {
  CHECK_IN_FREQUENCY_LABELS,
  escalationMinutes,
  formErrors,
  getPracticeProtocol,
  MSG,
  PROTOCOL_SOURCE_LABELS,
  SNACKBAR_MS,
  updatePractice,
} from '@rpm/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { z } from 'zod';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { FormField } from '../form/FormField';
import { useLocationFilter } from '../shell/location-filter';
import { showToast } from '../toaster/toast';

type Protocol = NonNullable<ReturnType<typeof useCall<typeof getPracticeProtocol>>['data']>['data'];

const minutesForm = z.object(escalationMinutes);

/** A bound as the table shows it: '—' where the vital has none (a one-sided range). */
const bound = (value: number | null) => (value === null ? '—' : String(value));

/**
 * /app/practice-protocol (000 §2.4 'Dashboard'; decisions.md "Practice Protocol"): the RPM protocol of the practice
 * chosen in the header's location filter (or here, where the header offers no choice): each vital's monitoring levels
 * with where they come from, the reading target and check-ins, and the alert escalation with its chain. Minutes are
 * saved with the Practices form's call by those who may edit practices; levels on RPM Protocol Defaults.
 */
export function PracticeProtocolPage() {
  const location = useLocationFilter();
  const headerPractice = typeof location.practiceId === 'number' ? location.practiceId : undefined;
  const [practiceId, setPracticeId] = useState<number | undefined>(headerPractice);
  useEffect(() => setPracticeId(headerPractice), [headerPractice]);
  const { data, loading, failure, reload } = useCall(getPracticeProtocol, {
    query: practiceId === undefined ? {} : { practice_id: practiceId },
  });
  const protocol = data?.data;

  return (
    <section className="practice-protocol" aria-label="Practice Protocol">
      {failure && <Callout intent={Intent.DANGER}>{failure.message}</Callout>}
      {loading && !protocol && <Spinner aria-label={MSG.loading} />}
      {protocol && (
        <>
          <header>
            <h2>
              {protocol.practice_name} — {protocol.organization_name}
            </h2>
            {protocol.practices.length > 1 && (
              <FormField id="protocol-practice" label="Practice">
                <HTMLSelect
                  id="protocol-practice"
                  value={protocol.practice_id}
                  onChange={(e) => setPracticeId(Number(e.currentTarget.value))}
                  options={protocol.practices.map((p) => ({ value: p.value, label: p.label }))}
                />
              </FormField>
            )}
          </header>
          <Levels protocol={protocol} />
          <Escalation key={protocol.practice_id} protocol={protocol} onSaved={reload} />
        </>
      )}
    </section>
  );
}

function Levels({ protocol }: { readonly protocol: Protocol }) {
  return (
    <Card>
      <h3>Monitoring levels</h3>
      <HTMLTable compact striped aria-label="Monitoring levels">
        <thead>
          <tr>
            <th scope="col">Vital</th>
            <th scope="col">Device</th>
            <th scope="col">Critical Low</th>
            <th scope="col">Abnormal Low</th>
            <th scope="col">Abnormal High</th>
            <th scope="col">Critical High</th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {protocol.vitals.map((v) => (
            <tr key={v.vital_id}>
              <th scope="row">
                {v.vital_type} ({v.unit})
              </th>
              <td>{v.device_type}</td>
              <td>{bound(v.critical_low)}</td>
              <td>{bound(v.abnormal_low)}</td>
              <td>{bound(v.abnormal_high)}</td>
              <td>{bound(v.critical_high)}</td>
              <td>{PROTOCOL_SOURCE_LABELS[v.source]}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <p>
        Reading target: {protocol.reading_days} days a month · Check-ins:{' '}
        {CHECK_IN_FREQUENCY_LABELS[protocol.check_in_frequency]}
      </p>
      {protocol.can_edit_levels && (
        <Link href="/app/rpmProtocol-defaults">Edit in RPM Protocol Defaults</Link>
      )}
    </Card>
  );
}

function Escalation({ protocol, onSaved }: { readonly protocol: Protocol; readonly onSaved: () => void }) {
  const api = useApi();
  const [critical, setCritical] = useState(String(protocol.escalation_critical_minutes));
  const [abnormal, setAbnormal] = useState(String(protocol.escalation_abnormal_minutes));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const minutes = {
      escalation_critical_minutes: Number(critical),
      escalation_abnormal_minutes: Number(abnormal),
    };
    const found = formErrors(minutesForm, minutes);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await api.call(updatePractice, {
        body: { practice_id: protocol.practice_id, practice_name: protocol.practice_name, ...minutes },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      onSaved();
    } catch {
      // The error dialog shows it; the form stays as typed.
    }
  };

  return (
    <Card>
      <h3>Alert escalation</h3>
      {protocol.can_edit_escalation ? (
        <form noValidate onSubmit={submit} aria-label="Escalation minutes">
          <FormField
            id="protocol-critical"
            label="Escalate critical alerts after (minutes)"
            error={errors.escalation_critical_minutes}
          >
            <InputGroup
              id="protocol-critical"
              type="number"
              min={1}
              value={critical}
              onValueChange={setCritical}
            />
          </FormField>
          <FormField
            id="protocol-abnormal"
            label="Escalate abnormal alerts after (minutes)"
            error={errors.escalation_abnormal_minutes}
          >
            <InputGroup
              id="protocol-abnormal"
              type="number"
              min={1}
              value={abnormal}
              onValueChange={setAbnormal}
            />
          </FormField>
          <Button type="submit" intent={Intent.PRIMARY} text="Save" />
        </form>
      ) : (
        <p>
          Critical alerts escalate after {protocol.escalation_critical_minutes} minutes, abnormal alerts after{' '}
          {protocol.escalation_abnormal_minutes} minutes unacknowledged.
        </p>
      )}
      <HTMLTable compact striped aria-label="Escalation chain">
        <thead>
          <tr>
            <th scope="col">Tier</th>
            <th scope="col">Goes to</th>
            <th scope="col">Critical, after (min)</th>
            <th scope="col">Abnormal, after (min)</th>
          </tr>
        </thead>
        <tbody>
          {protocol.chain.map((tier) => (
            <tr key={tier.tier}>
              <td>{tier.tier}</td>
              <th scope="row">{tier.label}</th>
              <td>{tier.critical_after_minutes}</td>
              <td>{tier.abnormal_after_minutes}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}

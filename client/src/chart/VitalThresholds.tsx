import { Card, FormGroup, NumericInput } from '@blueprintjs/core';
import type { BoundSource, getPatientVitals } from '@rpm/shared';
import type { z } from 'zod';
import { VitalBoundsTable } from './VitalBoundsTable';

type Vitals = z.infer<(typeof getPatientVitals)['response']>['data'];

/** The reading intake alerts only on a rule in force (decisions.md "Readings chart ranges and bound sources"). */
const NOT_ALERTING = 'not alerting: no rule in force';

/** Where a bound in force comes from, as the Source column says it. */
const SOURCE_TEXT: Record<BoundSource, string> = {
  rule: 'Patient rule',
  protocol: `Practice protocol, ${NOT_ALERTING}`,
  spec: `Default (001 §9), ${NOT_ALERTING}`,
};

/**
 * The vital-threshold display (001 §2.6; issue 41 §3): per vital of each current device the bounds in force and
 * where they come from ('No Data Found' without devices); spo2 shows no high bounds; each scale shows the rule's
 * gain and loss in lbs against the dry weight (else the previous weight) as disabled numeric fields with minimum 1.
 */
export function VitalThresholds({ vitals }: { readonly vitals: Vitals }) {
  return (
    <Card compact className="chart-vital-thresholds">
      <h4>Vital Thresholds</h4>
      <VitalBoundsTable
        vitals={vitals.vitals.map((v) => ({
          ...v,
          device: { id: v.device_assign_id, name: v.device_name },
          source: SOURCE_TEXT[v.source],
        }))}
      />
      {vitals.weights.map((w) => {
        const base = w.dry_weight === null ? 'the previous weight' : `dry weight ${w.dry_weight} lbs`;
        return (
          <div key={w.device_assign_id} className="chart-rule-dates">
            <FormGroup label={`Gain (lbs) over ${base}`} labelFor={`vital-gain-${w.device_assign_id}`}>
              <NumericInput
                id={`vital-gain-${w.device_assign_id}`}
                disabled
                min={1}
                buttonPosition="none"
                value={w.gain ?? ''}
              />
            </FormGroup>
            <FormGroup label={`Loss (lbs) under ${base}`} labelFor={`vital-loss-${w.device_assign_id}`}>
              <NumericInput
                id={`vital-loss-${w.device_assign_id}`}
                disabled
                min={1}
                buttonPosition="none"
                value={w.loss ?? ''}
              />
            </FormGroup>
            <p>
              {w.device_name}:{' '}
              {w.notification_rule_id === null ? `Weight, ${NOT_ALERTING}` : SOURCE_TEXT.rule}
            </p>
          </div>
        );
      })}
    </Card>
  );
}

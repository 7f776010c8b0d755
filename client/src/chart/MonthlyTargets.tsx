import { Card, HTMLTable, Intent, ProgressBar, Tooltip } from '@blueprintjs/core';
import type { getMonthlyTargets } from '@rpm/shared';
import { displayUtcDay } from '@rpm/shared';
import type { z } from 'zod';

/** The answer of getMonthlyTargets. */
export type Targets = z.infer<(typeof getMonthlyTargets)['response']>['data'];

export interface MonthlyTargetsProps {
  readonly targets: Targets;
  /** RPM details from RPM status 4 (001 §2.3). */
  readonly showRpm: boolean;
  /** CCM progress from CCM status 2 (001 §2.3). */
  readonly showCcm: boolean;
}

const minutes = (seconds: number) => Math.floor(seconds / 60);

/** Minutes out of a goal, e.g. '12 / 20 min'. */
function TimeRow({ label, t }: { readonly label: string; readonly t: Targets['rpm_time'] }) {
  const value = t.goal_minutes > 0 ? Math.min(1, t.seconds / 60 / t.goal_minutes) : 0;
  return (
    <div className="chart-target">
      <span className="chart-target-label">{label}</span>
      <ProgressBar
        aria-label={label}
        value={value}
        animate={false}
        stripes={false}
        intent={t.code ? Intent.SUCCESS : Intent.PRIMARY}
      />
      <span className="chart-target-value">
        {minutes(t.seconds)} / {t.goal_minutes} min{t.code ? ` (${t.code})` : ''}
      </span>
    </div>
  );
}

/**
 * The month's targets (001 §2.3, §9): compliance against 16 reading days, RPM time and additional RPM time, CCM
 * time and additional CCM time, the setup, the CPT history and the compliance strip (001 §2.9, §4).
 */
export function MonthlyTargets({ targets, showRpm, showCcm }: MonthlyTargetsProps) {
  const { compliance } = targets;
  return (
    <Card className="chart-targets" compact>
      <h3>
        Monthly Targets ({displayUtcDay(targets.range.from)} - {displayUtcDay(targets.range.to)})
      </h3>
      <div className="chart-target">
        <span className="chart-target-label">Compliance</span>
        <ProgressBar
          aria-label="Compliance"
          value={Math.min(1, compliance.days / Math.max(1, compliance.target))}
          animate={false}
          stripes={false}
          intent={compliance.code ? Intent.SUCCESS : Intent.WARNING}
        />
        <span className="chart-target-value" data-testid="compliance-days">
          {compliance.days} / {compliance.target} days
        </span>
      </div>
      {showRpm && (
        <>
          <TimeRow label="RPM Time" t={targets.rpm_time} />
          <TimeRow label="Additional RPM Time" t={targets.additional_rpm_time} />
        </>
      )}
      {showCcm && (
        <>
          <TimeRow label="CCM Time" t={targets.ccm_time} />
          <TimeRow label="Additional CCM Time" t={targets.additional_ccm_time} />
        </>
      )}
      <div className="chart-target">
        <span className="chart-target-label">Setup</span>
        <span>
          {targets.setup.setup_date ? displayUtcDay(targets.setup.setup_date) : '-'}
          {targets.setup.code ? ` (${targets.setup.code})` : ''}
        </span>
      </div>
      <ComplianceStrip strip={targets.strip} />
      <h4>CPT History</h4>
      {targets.cpt_history.length === 0 ? (
        <p>No Data Found</p>
      ) : (
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th>Date</th>
              <th>Code</th>
            </tr>
          </thead>
          <tbody>
            {targets.cpt_history.map((row) => (
              <tr key={`${row.date}-${row.code}`}>
                <td>{displayUtcDay(row.date)}</td>
                <td>{row.code}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}

/**
 * The compliance strip (001 §2.9, §4): one small square per month, grey before the setup month, light green when
 * the month's RPM flag (16 reading days) is set, red otherwise; each with the month's name as its tooltip.
 */
function ComplianceStrip({ strip }: { readonly strip: Targets['strip'] }) {
  return (
    <section className="chart-strip" aria-label="Compliance strip">
      {strip.map((m) => {
        const colour = m.before_setup ? 'grey' : m.rpm ? 'lightGreen' : 'red';
        return (
          <Tooltip key={m.month} content={m.month_name}>
            <span
              className={`chart-strip-square chart-strip-${colour}`}
              data-colour={colour}
              role="img"
              aria-label={m.month_name}
            />
          </Tooltip>
        );
      })}
    </section>
  );
}

import { Card } from '@blueprintjs/core';
import {
  dentalCasesList,
  formatCount,
  getDentalStageCounts,
  ORAL_APPLIANCE_STAGE_LABELS,
  type OralApplianceStage,
} from '@rpm/shared';
import { Link } from 'wouter';
import { prefetchCall } from '../api/call';
import { useCall } from '../api/use-call';
import { ListScreen, listStartCalls } from '../list/ListScreen';
import type { StartCalls } from '../routing/preloadable';
import { AdvanceStageButton } from './AdvanceStageButton';
import '../dashboard/dashboard.css';

const DENTAL_CASES = dentalCasesList;
const STAGE_COUNTS_REQUEST = {};

/** The dashboard's first calls, its figures and its list, made ahead as a dentist signs in (shell/start-calls.ts). */
export const dentalDashboardStart: StartCalls = (user) => {
  prefetchCall(getDentalStageCounts, STAGE_COUNTS_REQUEST, user);
  listStartCalls(DENTAL_CASES)(user);
};

/**
 * The Dental Dashboard (000 §2.4 'dentalDashboard', dentists' only menu item, 000 §6.2): a figure per
 * stage of oral-appliance therapy linking to the list filtered to it, and the list with each case's next step; a
 * row opens its case's view (DentalCaseScreen).
 */
export function DentalDashboard() {
  const counts = useCall(getDentalStageCounts, STAGE_COUNTS_REQUEST);
  return (
    <section className="dashboard" aria-label="Dental Dashboard">
      <Card className="dashboard-card">
        <h2 className="dashboard-card-title">Oral-appliance patients by stage</h2>
        <div className="dashboard-numbers">
          {(counts.data?.data ?? []).map(({ stage, count }) => (
            <Link key={stage} href={`${dentalCasesList.route}?stage=${stage}`} className="dashboard-number">
              <strong className="dashboard-number-value">{formatCount(count)}</strong>
              <span className="dashboard-number-label">{ORAL_APPLIANCE_STAGE_LABELS[stage]}</span>
            </Link>
          ))}
        </div>
      </Card>
      <ListScreen
        def={DENTAL_CASES}
        rowActions={(row, { reload }) => (
          <AdvanceStageButton
            caseId={Number(row.case_id)}
            stage={row.stage_code as OralApplianceStage}
            onDone={() => {
              reload();
              counts.reload();
            }}
          />
        )}
      />
    </section>
  );
}

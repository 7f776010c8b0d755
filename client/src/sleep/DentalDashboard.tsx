import { Button, Card, Intent } from '@blueprintjs/core';
import {
  advanceDentalStage,
  dentalCasesList,
  formatCount,
  getDentalStageCounts,
  nextOralApplianceStage,
  ORAL_APPLIANCE_STAGE_LABELS,
  type OralApplianceStage,
  SNACKBAR_MS,
} from '@rpm/shared';
import { useState } from 'react';
import { Link } from 'wouter';
import { prefetchCall } from '../api/call';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { ListScreen, listStartCalls } from '../list/ListScreen';
import type { ListRow } from '../list/ListTable';
import type { StartCalls } from '../routing/preloadable';
import { showToast } from '../toaster/toast';
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
 * stage of oral-appliance therapy linking to the list filtered to it, and the list with each case's next step.
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
          <AdvanceButton
            row={row}
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

/** 'Move to {next stage}' on a case not at its last stage; the server checks the order again. */
function AdvanceButton({ row, onDone }: { readonly row: ListRow; readonly onDone: () => void }) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const next = nextOralApplianceStage(row.stage_code as OralApplianceStage);
  if (next === null) return null;
  const move = async () => {
    setBusy(true);
    try {
      const answer = await api.call(advanceDentalStage, {
        body: { case_id: Number(row.case_id), to_stage: next },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      onDone();
    } catch {
      // The error dialog shows it (e.g. another user moved the case first); the list reloads on close.
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      variant="minimal"
      icon="arrow-right"
      loading={busy}
      text={`Move to ${ORAL_APPLIANCE_STAGE_LABELS[next]}`}
      onClick={move}
    />
  );
}

import { Button, Intent } from '@blueprintjs/core';
import {
  advanceDentalStage,
  nextOralApplianceStage,
  ORAL_APPLIANCE_STAGE_LABELS,
  type OralApplianceStage,
  SNACKBAR_MS,
} from '@rpm/shared';
import { useState } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import { showToast } from '../toaster/toast';

export interface AdvanceStageButtonProps {
  /** The oral-appliance case. */
  readonly caseId: number;
  /** The stage it is at now. */
  readonly stage: OralApplianceStage;
  /** After the move, or after its failure was shown: reload what shows the case. */
  readonly onDone: () => void;
  /** A plain button (the case view) rather than a minimal one (a list row). */
  readonly prominent?: boolean;
}

/**
 * 'Move to {next stage}' on a case not at its last stage (the Dental Dashboard's rows and the case view); the
 * server checks the order again.
 */
export function AdvanceStageButton({ caseId, stage, onDone, prominent = false }: AdvanceStageButtonProps) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const next = nextOralApplianceStage(stage);
  if (next === null) return null;
  const move = async () => {
    setBusy(true);
    try {
      const answer = await api.call(advanceDentalStage, { body: { case_id: caseId, to_stage: next } });
      void showToast({ message: answer.message, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      onDone();
    } catch {
      // The error dialog shows it (e.g. another user moved the case first); the view reloads.
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      variant={prominent ? undefined : 'minimal'}
      intent={prominent ? Intent.PRIMARY : undefined}
      icon="arrow-right"
      loading={busy}
      text={`Move to ${ORAL_APPLIANCE_STAGE_LABELS[next]}`}
      onClick={move}
    />
  );
}

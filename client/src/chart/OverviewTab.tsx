import { Card, Intent } from '@blueprintjs/core';
import {
  getMonthlyTargets,
  getPatientStatuses,
  MSG,
  RPM_REJECTED_STATUS,
  rejectHover,
  type StatusDialog,
  type StatusProgram,
  showsBhiTab,
  showsCcmProgress,
  showsCcmTab,
  showsRpmDetails,
  statusDialog,
  updateBhiStatus,
  updateCcmStatus,
  updateRpmStatus,
} from '@rpm/shared';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import { showToast } from '../toaster/toast';
import { EnrolmentChecklist } from './EnrolmentChecklist';
import { MonthlyTargets, type Targets } from './MonthlyTargets';
import { StatusChangeDialog, type StatusDialogResult } from './StatusDialogs';
import { StatusSelector } from './StatusSelector';

type Statuses = Awaited<ReturnType<typeof loadStatuses>>;
type Pending = { readonly program: StatusProgram; readonly status: number; readonly dialog: StatusDialog };

async function loadStatuses(call: ReturnType<typeof useApi>['call'], patientId: number) {
  return (await call(getPatientStatuses, { query: { patient_id: patientId } })).data;
}

export interface OverviewTabProps {
  readonly patientId: number;
  /** The `new` segment (000 §2.3 overview/{patientId?}/{new?}): the enrolment checklist instead of the monthly view. */
  readonly enrolment?: boolean;
}

/**
 * The Overview tab (001 §2.3, §2.9, §4): the RPM, CCM and BHI status selectors with Update and the dialogs of 001 §4,
 * the monthly targets (RPM details from status 4, CCM progress from 2) and the compliance strip; with `new`, the
 * enrolment checklist in their place (decisions.md "Overview new: enrolment checklist").
 */
export function OverviewTab({ patientId, enrolment = false }: OverviewTabProps) {
  const { call } = useApi();
  const [statuses, setStatuses] = useState<Statuses | null>(null);
  const [targets, setTargets] = useState<Targets | null>(null);
  const [selected, setSelected] = useState<Record<StatusProgram, number | null>>({
    RPM: null,
    CCM: null,
    BHI: null,
  });
  const [busy, setBusy] = useState<StatusProgram | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const reload = useCallback(async () => {
    try {
      const [s, t] = await Promise.all([
        loadStatuses(call, patientId),
        call(getMonthlyTargets, { query: { patient_id: patientId } }),
      ]);
      setStatuses(s);
      setTargets(t.data);
      setSelected({ RPM: s.patientCurStatus, CCM: s.patientCurCCMStatus, BHI: s.patientCurBhiStatus });
    } catch {
      // Shown by the error dialog.
    }
  }, [call, patientId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  if (!statuses) return <p>{MSG.loading}</p>;

  const current: Record<StatusProgram, number | null> = {
    RPM: statuses.patientCurStatus,
    CCM: statuses.patientCurCCMStatus,
    BHI: statuses.patientCurBhiStatus,
  };

  const send = async (program: StatusProgram, status: number, extra?: StatusDialogResult) => {
    setBusy(program);
    try {
      const base = { patient_id: patientId, status };
      let answer: { message: string };
      if (program === 'RPM') {
        answer = await call(updateRpmStatus, {
          body: {
            ...base,
            ...(extra?.kind === 'enrollment' ? { enrollment: extra.enrollment } : {}),
            ...(extra?.kind === 'rejected' ? { rejected: extra.details } : {}),
            ...(extra?.kind === 'reject' ? { reject: extra.details } : {}),
          },
        });
      } else if (program === 'CCM') {
        answer = await call(updateCcmStatus, {
          body: { ...base, ...(extra?.kind === 'discharge' ? { discharge: extra.discharge } : {}) },
        });
      } else {
        answer = await call(updateBhiStatus, { body: base });
      }
      setPending(null);
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      await reload();
    } catch {
      // Shown by the error dialog; the selector keeps the choice so the user can try again.
    } finally {
      setBusy(null);
    }
  };

  const update = (program: StatusProgram) => {
    const status = selected[program];
    if (status === null) return;
    const dialog = statusDialog(program, current[program], status);
    if (dialog) setPending({ program, status, dialog });
    else void send(program, status);
  };

  const hover =
    statuses.patientCurStatus === RPM_REJECTED_STATUS
      ? (() => {
          const h = rejectHover(statuses.reject_reason, statuses.reject_comment);
          return (
            <div className="chart-reject-hover">
              <div>Reason: {h.reason}</div>
              <div>Comment: {h.comment}</div>
            </div>
          );
        })()
      : undefined;

  const programs: { program: StatusProgram; options: Statuses['rpmStatuses'] }[] = [
    { program: 'RPM', options: statuses.rpmStatuses },
    { program: 'CCM', options: statuses.ccmStatuses },
  ];
  // 001 §2.3: BHI only for a patient with a health-med id.
  if (showsBhiTab(statuses.health_med_id)) programs.push({ program: 'BHI', options: statuses.bhiStatuses });

  return (
    <div className="chart-overview">
      <Card className="chart-statuses" compact>
        {programs.map(({ program, options }) => (
          <StatusSelector
            key={program}
            program={program}
            options={options}
            current={current[program]}
            selected={selected[program]}
            onSelect={(status) => setSelected((s) => ({ ...s, [program]: status }))}
            onUpdate={() => update(program)}
            busy={busy === program}
            {...(program === 'RPM' && hover ? { hover } : {})}
          />
        ))}
      </Card>
      {enrolment && <EnrolmentChecklist patientId={patientId} />}
      {targets && !enrolment && (
        <MonthlyTargets
          targets={targets}
          showRpm={showsRpmDetails(statuses.patientCurStatus)}
          // 001 §2.3: CCM progress from status 2; the CCM part of the card is hidden at 30 or without a status.
          showCcm={
            showsCcmProgress(statuses.patientCurCCMStatus) && showsCcmTab(statuses.patientCurCCMStatus)
          }
        />
      )}
      {pending && (
        <StatusChangeDialog
          kind={pending.dialog}
          busy={busy !== null}
          onClose={() => setPending(null)}
          onSubmit={(result) => void send(pending.program, pending.status, result)}
        />
      )}
    </div>
  );
}

import { Button, Callout, HTMLTable, Intent } from '@blueprintjs/core';
import {
  type CarePlanContent,
  displayDateTime,
  getCarePlan,
  getCarePlanVersions,
  MSG,
  printCarePlan,
  saveCarePlan,
  signCarePlan,
} from '@rpm/shared';
import { useState } from 'react';
import { useActionKey } from '../api/action-key';
import { ApiError } from '../api/api-error';
import { downloadFile } from '../api/download';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { TablePager } from '../list/TablePager';
import { usePaging } from '../list/use-paging';
import { showToast } from '../toaster/toast';
import { CarePlanEditor } from './careplan/CarePlanEditor';
import { CarePlanView } from './careplan/CarePlanView';

/**
 * The Care Plan tab (000 §2.3 `ccm/{patientId?}`): the CCM care plan, started from the CCM Care Plan
 * Defaults, edited as new versions, signed by the patient's physician; the version list says who wrote and signed.
 */
export function CarePlanTab({ patientId }: { readonly patientId: number }) {
  const { call, showError } = useApi();
  const [shown, setShown] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState<CarePlanContent | null>(null);
  const paging = usePaging(patientId);
  const { data, reload } = useCall(getCarePlan, { query: { patient_id: patientId, version: shown } });
  const versions = useCall(getCarePlanVersions, { query: { patient_id: patientId, ...paging.query } });
  const actionKey = useActionKey(patientId, editing);
  const plan = data?.data.plan ?? null;
  const latest = data?.data.latest_version ?? null;
  const reloadAll = () => {
    setShown(undefined);
    reload();
    versions.reload();
  };

  const save = async (content: CarePlanContent) => {
    try {
      const answer = await call(saveCarePlan, {
        body: { patient_id: patientId, base_version: latest, plan: content },
        headers: { 'idempotency-key': actionKey },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      setEditing(null);
      reloadAll();
    } catch {
      // Shown by the error dialog (a 409 says another edit was saved first).
    }
  };

  const sign = async (version: number) => {
    try {
      const answer = await call(signCarePlan, { body: { patient_id: patientId, version } });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      reloadAll();
    } catch {
      // Shown by the error dialog.
    }
  };

  const print = async (version: number) => {
    try {
      await downloadFile(printCarePlan, { query: { patient_id: patientId, version } }, 'Care_Plan.pdf');
    } catch (error) {
      if (error instanceof ApiError) void showError(error);
    }
  };

  if (!data) return <p>{MSG.loading}</p>;
  if (editing)
    return (
      <CarePlanEditor initial={editing} onSave={(p) => void save(p)} onCancel={() => setEditing(null)} />
    );
  const { in_force_version, can_sign, defaults } = data.data;
  const isLatest = plan !== null && plan.version === latest;

  return (
    <div className="chart-care-plan">
      {plan === null ? (
        <Callout intent={Intent.WARNING} title="Care plan missing">
          <p>This patient has no care plan. CCM time is not billable until the physician signs one.</p>
          <Button
            intent={Intent.PRIMARY}
            text="Start from CCM Care Plan Defaults"
            onClick={() => setEditing(defaults)}
          />
        </Callout>
      ) : (
        <>
          <Callout intent={plan.signed_at ? Intent.SUCCESS : Intent.WARNING}>
            Version {plan.version}, written by {plan.author_name} on {displayDateTime(plan.created_at)}.{' '}
            {plan.signed_at
              ? `Signed by ${plan.signed_by_name} on ${displayDateTime(plan.signed_at)}.`
              : 'Awaiting the physician’s signature.'}{' '}
            {in_force_version === null
              ? 'No signed version: CCM time is not billable.'
              : in_force_version !== plan.version &&
                `Version ${in_force_version} is the signed plan in force.`}
          </Callout>
          <div className="chart-actions">
            {isLatest && <Button icon="edit" text={MSG.edit} onClick={() => setEditing(plan.plan)} />}
            {isLatest && !plan.signed_at && can_sign && (
              <Button
                intent={Intent.PRIMARY}
                icon="endorsed"
                text="Sign"
                onClick={() => void sign(plan.version)}
              />
            )}
            <Button icon="print" text="Print" onClick={() => void print(plan.version)} />
            {!isLatest && <Button text="Show Newest Version" onClick={() => setShown(undefined)} />}
          </div>
          <CarePlanView plan={plan.plan} />
        </>
      )}
      <h4>Versions</h4>
      {versions.data && versions.data.count > 0 ? (
        <>
          <HTMLTable compact striped>
            <thead>
              <tr>
                <th>Version</th>
                <th>Written By</th>
                <th>Written On</th>
                <th>Signed By</th>
                <th>Signed On</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {versions.data.data.map((v) => (
                <tr key={v.version}>
                  <td>{v.version}</td>
                  <td>{v.author_name}</td>
                  <td>{displayDateTime(v.created_at)}</td>
                  <td>{v.signed_by_name ?? ''}</td>
                  <td>{displayDateTime(v.signed_at)}</td>
                  <td>
                    <Button small minimal text="View" onClick={() => setShown(v.version)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <TablePager {...paging.pager} count={versions.data.count} />
        </>
      ) : (
        <p>{MSG.noDataFound}</p>
      )}
    </div>
  );
}

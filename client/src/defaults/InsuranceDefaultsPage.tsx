import { Button, Card, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import {
  getInsuranceDefaults,
  MSG,
  SNACKBAR_MS,
  seesInsuranceDefaults,
  updateInsuranceDefaults,
} from '@rpm/shared';
import { useEffect, useState } from 'react';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { NotFoundPage } from '../pages/not-found/NotFoundPage';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';
import { OrganizationSelect } from './OrganizationSelect';

const NONE = '';

/**
 * /app/insurances-defaults (000 §2.2, §6.2): an organisation's default insurance plan, one of the plans it accepts
 * (Insurance Table) (decisions.md "Insurance Defaults").
 */
export function InsuranceDefaultsPage() {
  const { user } = useSession();
  const api = useApi();
  const allowed = user !== null && seesInsuranceDefaults(user);
  const [organizationId, setOrganizationId] = useState<number | undefined>(undefined);
  const loaded = useCall(
    getInsuranceDefaults,
    { query: organizationId === undefined ? {} : { organization_id: organizationId } },
    { enabled: allowed },
  );
  const data = loaded.data?.data;
  const [plan, setPlan] = useState(NONE);

  useEffect(() => {
    if (!data) return;
    setPlan(data.plan_id === null ? NONE : String(data.plan_id));
  }, [data]);

  if (!user) return null;
  if (!allowed) return <NotFoundPage variant="frame" />;
  if (!data) return <Card aria-busy="true" />;

  const save = async () => {
    try {
      const answer = await api.call(updateInsuranceDefaults, {
        body: {
          organization_id: data.organization_id,
          plan_id: plan === NONE ? null : Number(plan),
        },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      loaded.reload();
    } catch {
      // The error dialog shows it; the choices stay.
    }
  };

  return (
    <Card className="insurance-defaults" aria-labelledby="insurance-defaults-title">
      <h2 id="insurance-defaults-title">Insurance Defaults</h2>
      <OrganizationSelect id="insurance-defaults-org" data={data} onChange={setOrganizationId} />
      <FormGroup label="Default insurance plan" labelFor="insurance-defaults-plan">
        <HTMLSelect
          id="insurance-defaults-plan"
          value={plan}
          onChange={(e) => setPlan(e.currentTarget.value)}
        >
          <option value={NONE}>None</option>
          {data.plans.map((p) => (
            <option key={p.plan_id} value={p.plan_id}>
              {`${p.payer}: ${p.plan_name} (${p.plan_type})`}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <Button intent={Intent.PRIMARY} text={MSG.save} onClick={() => void save()} />
    </Card>
  );
}

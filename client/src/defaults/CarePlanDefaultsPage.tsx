import { Card, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import {
  type CarePlanDefaults,
  getCarePlanDefaults,
  isoDay,
  MSG,
  SNACKBAR_MS,
  seesCarePlanDefaults,
  updateCarePlanDefaults,
} from '@rpm/shared';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useCall } from '../api/use-call';
import { CarePlanEditor } from '../chart/careplan/CarePlanEditor';
import { useApi } from '../errors/ErrorDialogProvider';
import { NotFoundPage } from '../pages/not-found/NotFoundPage';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';

export interface CarePlanDefaultsPageProps {
  /** The route's {curId?}: the organisation whose defaults show (decisions.md "CCM Care Plan Defaults"). */
  readonly curId: string | undefined;
}

/**
 * /app/ccm-defaults/{curId?} (000 §2.2, §6.2): the care plan an organisation's first CCM care plans start from,
 * edited with the chart's care plan form. Shown to lowest role 5, or 6 when not a dentist; the server refuses others.
 */
export function CarePlanDefaultsPage({ curId }: CarePlanDefaultsPageProps) {
  const { user } = useSession();
  const api = useApi();
  const [, navigate] = useLocation();
  const [round, setRound] = useState(0);
  const allowed = user !== null && seesCarePlanDefaults(user);
  const chosen = curId !== undefined && /^\d+$/.test(curId) ? Number(curId) : undefined;
  const loaded = useCall(
    getCarePlanDefaults,
    { query: chosen === undefined ? {} : { organization_id: chosen } },
    { enabled: allowed },
  );
  if (!user) return null;
  if (!allowed) return <NotFoundPage variant="frame" />;
  const data = loaded.data?.data;
  if (!data) return <Card aria-busy="true" />;

  const save = async (plan: CarePlanDefaults) => {
    try {
      const answer = await api.call(updateCarePlanDefaults, {
        body: { organization_id: data.organization_id, plan },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      loaded.reload();
    } catch {
      // The error dialog shows it; the form keeps what was typed.
    }
  };

  return (
    <Card className="care-plan-defaults" aria-labelledby="care-plan-defaults-title">
      <h2 id="care-plan-defaults-title">{MSG.ccmCarePlanDefaults}</h2>
      {data.organizations.length > 1 && (
        <FormGroup label="Organization" labelFor="care-plan-defaults-org" inline>
          <HTMLSelect
            id="care-plan-defaults-org"
            value={data.organization_id}
            onChange={(e) => navigate(`/app/ccm-defaults/${e.currentTarget.value}`)}
          >
            {data.organizations.map((o) => (
              <option key={o.organization_id} value={o.organization_id}>
                {o.organization_name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
      {/* decisions.md "CCM Care Plan Defaults": the product's template shows until the organisation saves its own. */}
      {!data.own && <p>The product's template: saving makes it your organization's own.</p>}
      <CarePlanEditor
        key={`${data.organization_id}-${round}`}
        initial={{ ...data.plan, review_date: isoDay(new Date()) }}
        withReviewDate={false}
        onSave={({ review_date: _unused, ...plan }) => void save(plan)}
        onCancel={() => setRound((r) => r + 1)}
      />
    </Card>
  );
}

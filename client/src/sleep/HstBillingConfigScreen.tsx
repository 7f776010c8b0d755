import { Button, Callout, Card, Checkbox, HTMLSelect, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import {
  formErrors,
  getSleepBillingConfig,
  hstPricesBody,
  type SleepBillingConfig,
  SNACKBAR_MS,
  saveAthenaVitals,
  saveHstBillingPrices,
} from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { FormField } from '../form/FormField';
import { showToast } from '../toaster/toast';

/**
 * HST Billing Configuration (000 §2.4 'hst-billing-config', 'athena-vitals-config'): per organisation,
 * the price of each sleep CPT code, or the vitals sent to Athena (decisions.md "HST billing configuration").
 */
export function HstBillingConfigScreen({ section }: { readonly section: 'prices' | 'vitals' }) {
  const [organization, setOrganization] = useState<number | undefined>(undefined);
  const config = useCall(getSleepBillingConfig, {
    query: organization === undefined ? {} : { organization_id: organization },
  });
  const data = config.data?.data;
  if (!data) return <Spinner aria-label="Loading" />;
  return (
    <Card className="hst-config">
      <FormField id="hst-config-org" label="Organization">
        <HTMLSelect
          id="hst-config-org"
          value={data.organization_id}
          onChange={(e) => setOrganization(Number(e.currentTarget.value))}
        >
          {data.organizations.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </HTMLSelect>
      </FormField>
      {section === 'prices' ? (
        <PricesForm key={data.organization_id} config={data} onSaved={config.reload} />
      ) : (
        <VitalsForm key={data.organization_id} config={data} onSaved={config.reload} />
      )}
    </Card>
  );
}

type FormProps = { readonly config: SleepBillingConfig; readonly onSaved: () => void };

const toast = (message: string) => void showToast({ message, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });

/** One price per code in dollars; an empty box clears the code's price. */
function PricesForm({ config, onSaved }: FormProps) {
  const api = useApi();
  const [prices, setPrices] = useState(() =>
    Object.fromEntries(config.prices.map((p) => [p.cpt_code, p.price === null ? '' : p.price.toFixed(2)])),
  );
  const [error, setError] = useState<string | undefined>(undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      organization_id: config.organization_id,
      prices: config.prices.map((p) => {
        const text = (prices[p.cpt_code] ?? '').trim();
        return { cpt_code: p.cpt_code, price: text === '' ? null : Number(text) };
      }),
    };
    const bad = body.prices.findIndex((p) => p.price !== null && Number.isNaN(p.price));
    const found = bad >= 0 ? { prices: 'Enter a price in dollars' } : formErrors(hstPricesBody, body);
    if (found.prices) {
      setError(found.prices);
      return;
    }
    try {
      toast((await api.call(saveHstBillingPrices, { body })).message);
      onSaved();
    } catch {
      // The error dialog shows it; the form stays as typed.
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label="HST prices">
      {config.prices.map((p) => (
        <FormField key={p.cpt_code} id={`price-${p.cpt_code}`} label={`${p.cpt_code} ${p.description} ($)`}>
          <InputGroup
            id={`price-${p.cpt_code}`}
            inputMode="decimal"
            value={prices[p.cpt_code] ?? ''}
            onValueChange={(value) => {
              setError(undefined);
              setPrices((now) => ({ ...now, [p.cpt_code]: value }));
            }}
          />
        </FormField>
      ))}
      {error && (
        <Callout intent={Intent.DANGER} role="alert">
          {error}
        </Callout>
      )}
      <Button type="submit" intent={Intent.PRIMARY} text="Save" />
    </form>
  );
}

function VitalsForm({ config, onSaved }: FormProps) {
  const api = useApi();
  const [chosen, setChosen] = useState(() => config.vitals.filter((v) => v.send).map((v) => v.vital_id));
  const toggle = (id: number) =>
    setChosen((now) => (now.includes(id) ? now.filter((v) => v !== id) : [...now, id].sort((a, b) => a - b)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const body = { organization_id: config.organization_id, vital_ids: chosen };
      toast((await api.call(saveAthenaVitals, { body })).message);
      onSaved();
    } catch {
      // The error dialog shows it.
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Athena vitals">
      {config.vitals.map((v) => (
        <Checkbox
          key={v.vital_id}
          label={`${v.vital_type} (${v.unit})`}
          checked={chosen.includes(v.vital_id)}
          onChange={() => toggle(v.vital_id)}
        />
      ))}
      <Button type="submit" intent={Intent.PRIMARY} text="Save" />
    </form>
  );
}

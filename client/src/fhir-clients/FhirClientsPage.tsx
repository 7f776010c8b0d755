import {
  Alert,
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import {
  displayDateTime,
  FHIR_SCOPES,
  type FhirClientRow,
  getFhirClients,
  getOrganizations,
  registerFhirClient,
  revokeFhirClient,
} from '@rpm/shared';
import { useState } from 'react';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { showToast } from '../toaster/toast';

/**
 * FHIR Clients (ours, issue 43; decisions.md "SMART backend services"): the SMART backend-services clients of the
 * administrator's organisations, registering one with its public keys and scopes, and revoking one.
 */
export function FhirClientsPage() {
  const [reload, setReload] = useState(0);
  const clients = useCall(getFhirClients, {}, { reloadKey: reload });
  const [adding, setAdding] = useState(false);
  const [revoking, setRevoking] = useState<FhirClientRow | null>(null);
  const api = useApi();

  const revoke = async () => {
    if (!revoking) return;
    const row = revoking;
    setRevoking(null);
    try {
      const answer = await api.call(revokeFhirClient, { body: { client_id: row.client_id } });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      setReload((n) => n + 1);
    } catch {
      // The error dialog shows it.
    }
  };

  return (
    <section aria-label="FHIR Clients" className="fhir-clients">
      <p>
        Systems that read this organization's data through the FHIR API sign in with a key of their own (SMART
        Backend Services). Tokens come from <code>/fhir/auth/token</code> and last five minutes.
      </p>
      <Button icon="add" intent={Intent.PRIMARY} text="Register client" onClick={() => setAdding(true)} />
      <HTMLTable compact striped aria-label="Registered FHIR clients" className="fhir-clients-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Client ID</th>
            <th scope="col">Organization</th>
            <th scope="col">Scopes</th>
            <th scope="col">Registered</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="bp6-text-muted">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(clients.data?.data ?? []).map((row) => (
            <tr key={row.client_id}>
              <td>{row.name}</td>
              <td>
                <code>{row.client_id}</code>
              </td>
              <td>{row.organization_name}</td>
              <td>{row.scopes.join(' ')}</td>
              <td>{displayDateTime(row.created_at)}</td>
              <td>{row.revoked_at ? `Revoked ${displayDateTime(row.revoked_at)}` : 'Active'}</td>
              <td>
                {!row.revoked_at && (
                  <Button small intent={Intent.DANGER} text="Revoke" onClick={() => setRevoking(row)} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {clients.data && clients.data.data.length === 0 && <p>No clients yet.</p>}
      {adding && (
        <RegisterClientDialog
          onClose={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            setReload((n) => n + 1);
          }}
        />
      )}
      <Alert
        isOpen={revoking !== null}
        intent={Intent.DANGER}
        confirmButtonText="Revoke"
        cancelButtonText="Cancel"
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      >
        Revoke {revoking?.name}? Its tokens stop working at once and it gets no new ones.
      </Alert>
    </section>
  );
}

interface RegisterClientDialogProps {
  /** Closes without registering. */
  readonly onClose: () => void;
  /** Called after a client was registered. */
  readonly onDone: () => void;
}

function RegisterClientDialog({ onClose, onDone }: RegisterClientDialogProps) {
  const orgs = useCall(getOrganizations, {});
  const api = useApi();
  const [name, setName] = useState('');
  const [org, setOrg] = useState('');
  const [jwks, setJwks] = useState('');
  const [scopes, setScopes] = useState<string[]>(['system/Patient.rs', 'system/Observation.rs']);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const organizations = orgs.data?.data ?? [];

  const save = async () => {
    let keys: unknown;
    try {
      keys = JSON.parse(jwks);
    } catch {
      return setError('The public keys must be a JWK Set in JSON: {"keys": [...]}.');
    }
    const organizationId = Number(org || organizations[0]?.organizationid);
    try {
      const answer = await api.call(registerFhirClient, {
        body: { name, organization_id: organizationId, jwks: keys as never, scopes: scopes as never },
      });
      setError(null);
      setCreated(answer.data.client_id);
    } catch {
      // The error dialog names the field.
    }
  };

  return (
    <Dialog isOpen title="Register FHIR client" onClose={created ? onDone : onClose}>
      <DialogBody>
        {created ? (
          <Callout intent={Intent.SUCCESS} title="Client registered">
            Its client ID is <code>{created}</code>. The client signs its assertions with this ID as issuer
            and subject.
          </Callout>
        ) : (
          <>
            <FormGroup label="Name" labelFor="fhir-client-name">
              <InputGroup id="fhir-client-name" value={name} onValueChange={setName} maxLength={100} />
            </FormGroup>
            <FormGroup label="Organization" labelFor="fhir-client-org">
              <HTMLSelect
                id="fhir-client-org"
                value={org}
                onChange={(e) => setOrg(e.currentTarget.value)}
                options={organizations.map((o) => ({
                  value: String(o.organizationid),
                  label: o.organization_name,
                }))}
              />
            </FormGroup>
            <FormGroup
              label="Public keys (JWK Set)"
              labelFor="fhir-client-jwks"
              helperText="RS384 or ES384 (P-384) public keys only"
            >
              <TextArea
                id="fhir-client-jwks"
                value={jwks}
                onChange={(e) => setJwks(e.currentTarget.value)}
                fill
                rows={6}
              />
            </FormGroup>
            <fieldset className="fhir-client-scopes">
              <legend>Scopes</legend>
              {FHIR_SCOPES.map((scope) => (
                <Checkbox
                  key={scope}
                  label={scope}
                  checked={scopes.includes(scope)}
                  onChange={() =>
                    setScopes((now) =>
                      now.includes(scope) ? now.filter((s) => s !== scope) : [...now, scope],
                    )
                  }
                />
              ))}
            </fieldset>
            {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          created ? (
            <Button intent={Intent.PRIMARY} text="Done" onClick={onDone} />
          ) : (
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button intent={Intent.PRIMARY} text="Register" onClick={() => void save()} />
            </>
          )
        }
      />
    </Dialog>
  );
}

import { Button, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { FHIR_CLIENTS_PAGE, getLanguages, getOrganizations, MSG, type OrganizationRow } from '@rpm/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useApi } from '../errors/ErrorDialogProvider';
import { useSession } from '../session/SessionProvider';
import type { Language } from './languages';
import { MoreInformationDialog } from './MoreInformationDialog';
import { OrganizationFormDialog, type OrganizationFormMode } from './OrganizationFormDialog';
import { OrganizationsTable } from './OrganizationsTable';
import './organizations.css';

/**
 * /app/organizations (000 §2.4 'Organizations Table', §2.7 management menu): the organisations the user may see,
 * 'Add Organization', and per row Edit and More Information (000 §2.10, §2.11). A save reloads the table.
 */
export function OrganizationsPage() {
  const api = useApi();
  const { user } = useSession();
  const [rows, setRows] = useState<readonly OrganizationRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [languages, setLanguages] = useState<readonly Language[] | null>(null);
  const [form, setForm] = useState<OrganizationFormMode | null>(null);
  const [info, setInfo] = useState<OrganizationRow | null>(null);
  const loads = useRef(0);

  const load = useCallback(async () => {
    const id = ++loads.current;
    try {
      const answer = await api.call(getOrganizations);
      if (id === loads.current) {
        setRows(answer.data);
        setFailed(false);
      }
    } catch {
      // The error dialog shows why (000 §8).
      if (id === loads.current) setFailed(true);
    }
  }, [api]);

  useEffect(() => {
    void load();
    api.call(getLanguages).then(
      (answer) => setLanguages(answer.data),
      // Shown by the error dialog; the select then offers only the default language.
      () => setLanguages([]),
    );
  }, [api, load]);

  const edit = useCallback((row: OrganizationRow) => setForm({ kind: 'edit', row }), []);
  const saved = () => {
    setForm(null);
    void load();
  };

  return (
    <section className="org-page" aria-label="Organizations">
      <div className="org-toolbar">
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          text="Add Organization"
          onClick={() => setForm({ kind: 'create' })}
        />
        {user?.pages.includes(FHIR_CLIENTS_PAGE) && (
          <Link href="/app/fhir-clients" className="org-toolbar-link">
            FHIR Clients
          </Link>
        )}
      </div>
      {rows === null ? (
        failed ? (
          <NonIdealState
            icon="error"
            title={MSG.noDataFound}
            action={<Button text={MSG.reload} onClick={() => void load()} />}
          />
        ) : (
          <Spinner aria-label={MSG.loading} />
        )
      ) : rows.length === 0 ? (
        <NonIdealState icon="office" title={MSG.noRecordsFound} />
      ) : (
        <OrganizationsTable rows={rows} onEdit={edit} onMoreInformation={setInfo} />
      )}
      <OrganizationFormDialog
        mode={form}
        languages={languages}
        onClose={() => setForm(null)}
        onSaved={saved}
      />
      <MoreInformationDialog organization={info} languages={languages} onClose={() => setInfo(null)} />
    </section>
  );
}

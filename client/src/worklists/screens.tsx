import { Button } from '@blueprintjs/core';
import { mayEditPatients, patientsList } from '@rpm/shared';
import { useLocation } from 'wouter';
import { ListScreen } from '../list/ListScreen';
import { useSession } from '../session/SessionProvider';

/** The patients list's action and where it goes (decisions.md "Patient registration"). */
const ADD_PATIENT = 'Add Patient';
const REGISTER_PATH = '/app/patient-chart/overview/new';

// The plain lists of 000 §2.4: a definition each, nothing more (architecture.md "Lists").

/** Patients (000 §2.4 'Patients Table'; 001 §2.3, §2.9). */
export function PatientsScreen() {
  const { user } = useSession();
  const [, navigate] = useLocation();
  // 'Add Patient' opens registration for the roles that register patients.
  const add =
    user && mayEditPatients(user.roleid)
      ? () => <Button icon="add" text={ADD_PATIENT} onClick={() => navigate(REGISTER_PATH)} />
      : undefined;
  return <ListScreen def={patientsList} {...(add ? { toolbarActions: add } : {})} />;
}

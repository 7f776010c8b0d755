import {
  addCheckInEntry,
  CHECK_IN_ROLE_IDS,
  getDetailsByUserID,
  lowestRoleId,
  PATIENT_ROLE_ID,
  readAll,
  type StoredUser,
} from '@rpm/shared';
import type { Api } from '../errors/ErrorDialogProvider';

/** Whether opening a patient adds a check-in entry: the user's lowest role id is 6, 8 or 13 (000 §4.6, §6.2). */
function addsCheckIn(roleIds: readonly number[]): boolean {
  const lowest = lowestRoleId(roleIds);
  return lowest !== undefined && (CHECK_IN_ROLE_IDS as readonly number[]).includes(lowest);
}

/** The monitor URL pushed before the chart, so Back returns to it (000 §2.8). */
function monitorUrl(patientId: number): string {
  return `/app/ActiveNotifications/monitor/${patientId}`;
}

/** The patient chart overview a notification opens (000 §2.8). */
function chartUrl(patientId: number): string {
  return `/app/patient-chart/overview/${patientId}`;
}

/** What {@link openNotification} needs. */
export interface OpenNotificationDeps {
  readonly api: Pick<Api, 'call'>;
  readonly navigate: (to: string) => void;
  readonly user: Pick<StoredUser, 'user_id' | 'roleid'>;
}

/**
 * Opening a notification (000 §2.8, §4.6): the patient is looked up (the server refuses patients outside the
 * user's organisations, and then nothing else happens); the browser goes to the monitor page and on to the patient
 * chart; that patient's notifications are marked read; a check-in entry is added for lowest roles 6, 8 and 13.
 * A failed call opens the error dialog (through `api`) and stops the steps after it.
 */
export async function openNotification(patientId: number, { api, navigate, user }: OpenNotificationDeps) {
  await api.call(getDetailsByUserID, { query: { userid: patientId, roleid: PATIENT_ROLE_ID } });
  navigate(monitorUrl(patientId));
  navigate(chartUrl(patientId));
  await api.call(readAll, { query: { user_id: user.user_id, patient_id: patientId } });
  if (addsCheckIn(user.roleid)) await api.call(addCheckInEntry, { body: { patient_id: patientId } });
}

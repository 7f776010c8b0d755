import type { NotificationNewPayload } from '@rpm/shared';
import type { Db } from '../db/schema.js';
import type { Hub } from '../hub/hub.js';
import { type CareTeamMember, careTeam } from './care-team.js';

/** A push to make after the commit: a bell notification to a user, or ALERTS::CHANGED to a patient's care team. */
export type PendingPush =
  | { readonly userId: number; readonly payload: NotificationNewPayload }
  | { readonly alertsOf: number; readonly userIds: readonly number[] };

/** The ALERTS::CHANGED push of a patient to its care team (none without a team). */
export async function alertsChangedPush(db: Db, patientId: number): Promise<PendingPush[]> {
  return teamAlertsPush(patientId, await careTeam(db, patientId));
}

/** {@link alertsChangedPush} for a care team already read. */
export function teamAlertsPush(
  patientId: number,
  team: readonly Pick<CareTeamMember, 'user_id'>[],
): PendingPush[] {
  return team.length === 0 ? [] : [{ alertsOf: patientId, userIds: team.map((member) => member.user_id) }];
}

/** Pushes to the users' open clients (hub rooms; every replica with the Redis adapter). */
export function pushAll(hub: Hub, pushes: readonly PendingPush[]): void {
  for (const push of pushes) {
    if ('payload' in push) hub.notifyUser(push.userId, push.payload);
    else hub.alertsChanged(push.userIds, push.alertsOf);
  }
}

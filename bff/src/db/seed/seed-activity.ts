import { min } from 'date-fns/min';
import escapeHtml from 'escape-html';
import type { Db } from '../schema.js';
import { chunks } from './bulk-insert.js';
import { addDays, addMinutes, startOfDay } from './dates.js';
import type { Random } from './prng.js';
import type { SeededPatient } from './seed-patients.js';
import { CLINICAL_ROLES, type StaffMember } from './seed-staff.js';
import { alertText } from './vital-values.js';

export const TASK_TITLES = [
  'Call patient about missed readings',
  'Review elevated blood pressure readings',
  'Schedule device replacement',
  'Complete CCM care plan review',
  'Verify insurance authorization',
  'Confirm medication list with pharmacy',
  'Follow up on weight gain alert',
];

/**
 * Gives every clinical user (demo sign-ins and practice teams) a few alerts in the bell, some read or cleared,
 * a few tasks, and check-ins for the roles that make them (6, 8, 13; spec 000 §4.6). Alerts and tasks refer to
 * patients of the user's own practices.
 */
export async function seedActivity(
  trx: Db,
  random: Random,
  today: Date,
  staff: readonly StaffMember[],
  patients: readonly SeededPatient[],
): Promise<void> {
  const monitored = patients.filter((patient) => patient.deviceTypeIds.length > 0);
  const admin = staff.find((member) => member.roles.includes(1));
  const notifications = [];
  const tasks = [];
  const checkIns = [];
  for (const member of staff) {
    const lowestRole = Math.min(...member.roles);
    if (!CLINICAL_ROLES.includes(lowestRole) || member.isDentist) continue;
    const mine = monitored.filter((patient) => member.practiceIds.includes(patient.practiceId));
    if (mine.length === 0) continue;

    const alertCount = random.int(4, 8);
    for (let n = 0; n < alertCount; n++) {
      const patient = random.pick(mine);
      const deviceTypeId = random.pick(patient.deviceTypeIds);
      const createdAt = addMinutes(today, -random.int(30, 7 * 24 * 60));
      // The first two stay unread, so every clinical user sees a badge.
      const state =
        n < 2
          ? 'unread'
          : random.weighted([
              ['unread', 50],
              ['read', 30],
              ['cleared', 20],
            ] as const);
      notifications.push({
        user_id: member.userId,
        patient_id: patient.patientId,
        device_type_id: deviceTypeId,
        notification_message: `<b>${escapeHtml(`${patient.firstname} ${patient.lastname}`)}</b> ${alertText(deviceTypeId, random)}`,
        created_at: createdAt,
        read_at: state === 'unread' ? null : addMinutes(createdAt, random.int(5, 600)),
        cleared_at: state === 'cleared' ? addMinutes(createdAt, random.int(600, 900)) : null,
      });
    }

    const taskCount = random.int(2, 5);
    for (let n = 0; n < taskCount; n++) {
      const patient = random.pick(mine);
      const status = random.weighted([
        ['open', 50],
        ['in_progress', 25],
        ['completed', 25],
      ] as const);
      const createdAt = addMinutes(today, -random.int(60, 20 * 24 * 60));
      const completedAt = addMinutes(createdAt, random.int(60, 3 * 24 * 60));
      tasks.push({
        assigned_to: member.userId,
        patient_id: patient.patientId,
        title: random.pick(TASK_TITLES),
        description: `For ${patient.firstname} ${patient.lastname}.`,
        status,
        due_at: addDays(startOfDay(today), random.int(-5, 10)),
        completed_at: status === 'completed' ? min([completedAt, today]) : null,
        created_by: random.chance(0.5) && admin ? admin.userId : member.userId,
        created_at: createdAt,
      });
    }

    if ([6, 8, 13].includes(lowestRole)) {
      const visits = random.int(3, 8);
      for (let n = 0; n < visits; n++) {
        checkIns.push({
          patient_id: random.pick(mine).patientId,
          user_id: member.userId,
          created_at: addMinutes(today, -random.int(60, 30 * 24 * 60)),
        });
      }
    }
  }
  for (const batch of chunks(notifications, 1000))
    await trx.insertInto('notifications').values(batch).execute();
  for (const batch of chunks(tasks, 1000)) await trx.insertInto('tasks').values(batch).execute();
  for (const batch of chunks(checkIns, 1000)) await trx.insertInto('check_ins').values(batch).execute();
}

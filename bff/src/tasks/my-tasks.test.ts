import {
  callUrl,
  completeMyTask,
  getCareTeam,
  getIncompleteTaskCount,
  getTaskAssignees,
  type MyTaskRow,
  myTaskRow,
  myTasksList,
  reassignMyTask,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../auth/guard.js';
import { DEMO_TASKS_EACH } from '../db/seed/seed-worklists.js';
import { TEST_TODAY } from '../db/test-database.js';
import type { ListView, ListViewer } from '../lists/source.js';
import { patientScope } from '../scope.js';
import { signIn, startTestApp, type TestApp } from '../test-app.js';
import { rowCounts } from '../test-rows.js';
import { myTasksSource } from './my-tasks-store.js';

type Signed = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let nurse: Signed; // role 8, Northwind
let physician: Signed; // role 6, Northwind
let lead: Signed; // role 9, Riverside
let nurseView: ListViewer;

const viewerOf = async (who: Signed): Promise<ListViewer> => {
  const auth = { userId: who.user.user_id, roleid: [8] } as unknown as AuthContext;
  return { auth, scope: await patientScope(t.db, auth), now: t.clock.now() };
};
const view = (over: Partial<ListView> = {}): ListView => ({
  orderby: 'due_at',
  order: 'asc',
  filters: { status: [] },
  ...over,
});
const page = (v: ListView, n = 0, rowsPerPage = 100) =>
  myTasksSource.page(t.db, nurseView, { ...v, page: n, rowsPerPage });

const post = (who: Signed, call: typeof completeMyTask | typeof reassignMyTask, payload: object) =>
  t.app.inject({ method: 'POST', url: callUrl(call), headers: who.headers, payload });
const assignees = (who: Signed, taskId: number) =>
  t.app.inject({
    method: 'GET',
    url: `${callUrl(getTaskAssignees)}?task_id=${taskId}`,
    headers: who.headers,
  });
const badge = async (who: Signed) =>
  (await t.app.inject({ method: 'GET', url: callUrl(getIncompleteTaskCount), headers: who.headers })).json()
    .count as number;

beforeAll(async () => {
  // The seed's today: its tasks fall due from 9 days before it to 9 days after (seed-worklists.ts).
  t = await startTestApp({ seedPatients: 20, now: TEST_TODAY });
  nurse = await signIn(t.app, 'role8@demo.test');
  physician = await signIn(t.app, 'role6@demo.test');
  lead = await signIn(t.app, 'role9@demo.test');
  nurseView = await viewerOf(nurse);
});
afterAll(async () => {
  await t.close();
});

/** The nurse's tasks straight from the table. */
const storedTasks = (userId: number) =>
  t.db.selectFrom('tasks').selectAll().where('assigned_to', '=', userId).orderBy('task_id').execute();

describe('myTasksSource (000 §2.4 My Tasks; issue 10)', () => {
  it('lists the signed-in user’s tasks only, every one as the list declares it', async () => {
    const stored = await storedTasks(nurse.user.user_id);
    expect(stored.length).toBeGreaterThanOrEqual(DEMO_TASKS_EACH);
    const { rows, count } = await page(view());
    expect(count).toBe(stored.length);
    expect(rows.map((r) => r.task_id).sort((a, b) => a - b)).toEqual(stored.map((s) => s.task_id));
    const now = t.clock.now();
    for (const row of rows) {
      expect(() => myTaskRow.parse(row)).not.toThrow();
      const task = stored.find((s) => s.task_id === row.task_id);
      expect(row.overdue).toBe(
        task?.status !== 'completed' && task?.due_at !== null && (task?.due_at as Date) < now,
      );
      expect(row.patient_name === null).toBe(task?.patient_id === null);
    }
    expect(rows.some((r) => r.patient_id === null)).toBe(true);
    expect(rows.some((r) => r.overdue)).toBe(true);
    expect(rows.some((r) => r.due_at !== null && new Date(r.due_at) > now)).toBe(true);
  });

  it('filters by status, due dates, overdue and search', async () => {
    const open = await page(view({ filters: { status: ['open', 'in_progress'] } }));
    expect(open.rows.every((r) => r.status !== 'completed')).toBe(true);
    const done = await page(view({ filters: { status: ['completed'] } }));
    expect(done.rows.every((r) => r.status === 'completed' && r.completed_at !== null)).toBe(true);
    expect(open.count + done.count).toBe((await page(view())).count);

    const overdue = await page(view({ filters: { status: [], overdue: '1' } }));
    expect(overdue.count).toBeGreaterThan(0);
    expect(overdue.rows.every((r) => r.overdue)).toBe(true);

    const ahead = (await page(view())).rows.find((r) => r.due_at !== null && !r.overdue) as MyTaskRow;
    const day = ahead.due_at?.slice(0, 10) as string;
    const due = await page(view({ filters: { status: [], due_from: day, due_to: day } }));
    expect(due.rows.map((r) => r.task_id)).toContain(ahead.task_id);
    expect(due.rows.every((r) => r.due_at?.startsWith(day))).toBe(true);

    const withPatient = (await page(view())).rows.find((r) => r.patient_name !== null) as MyTaskRow;
    const [last] = (withPatient.patient_name as string).split(', ');
    const byName = await page(view({ search: `${last} ${withPatient.title.split(' ')[0]}` }));
    expect(byName.rows.map((r) => r.task_id)).toContain(withPatient.task_id);
    const none = await page(view({ search: 'zzqx-no-such-task' }));
    expect(none.count).toBe(0);
  });

  it.each(myTasksList.sortKeys.flatMap((key) => [[key, 'asc'] as const, [key, 'desc'] as const]))(
    'pages stably by %s %s',
    async (orderby, order) => {
      const v = view({ orderby, order });
      const whole = await page(v, 0, 100);
      const pieces: MyTaskRow[] = [];
      for (let n = 0; n * 10 < whole.count; n++) pieces.push(...(await page(v, n, 10)).rows);
      expect(pieces.map((r) => r.task_id)).toEqual(whole.rows.map((r) => r.task_id));
      if (orderby === 'due_at') {
        const dated = whole.rows.filter((r) => r.due_at !== null);
        // Tasks without a due date come last in both directions.
        expect(whole.rows.slice(dated.length).every((r) => r.due_at === null)).toBe(true);
        const dues = dated.map((r) => r.due_at as string);
        const sorted = [...dues].sort();
        expect(dues).toEqual(order === 'asc' ? sorted : sorted.reverse());
      }
      if (orderby === 'status') {
        const rank = { open: 0, in_progress: 1, completed: 2 };
        const ranks = whole.rows.map((r) => rank[r.status]);
        const sorted = [...ranks].sort((a, b) => a - b);
        expect(ranks).toEqual(order === 'asc' ? sorted : sorted.reverse());
      }
    },
  );
});

describe('My Tasks actions', () => {
  it('completes one of the user’s tasks once, with an audit row, and the badge drops', async () => {
    const task = (await storedTasks(nurse.user.user_id)).find((s) => s.status === 'open');
    const count = await badge(nurse);
    const res = await post(nurse, completeMyTask, { task_id: task?.task_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await badge(nurse)).toBe(count - 1);
    const first = await t.db
      .selectFrom('tasks')
      .select(['status', 'completed_at'])
      .where('task_id', '=', task?.task_id as number)
      .executeTakeFirstOrThrow();
    expect(first).toEqual({ status: 'completed', completed_at: t.clock.now() });
    t.clock.advance(60_000);
    const before = await rowCounts(t.db, ['audit_log']);
    expect((await post(nurse, completeMyTask, { task_id: task?.task_id })).statusCode).toBe(200);
    expect(await rowCounts(t.db, ['audit_log'])).toEqual(before);
    const again = await t.db
      .selectFrom('tasks')
      .select('completed_at')
      .where('task_id', '=', task?.task_id as number)
      .executeTakeFirstOrThrow();
    expect(again.completed_at).toEqual(first.completed_at);
    const audits = await t.db
      .selectFrom('audit_log')
      .select('user_id')
      .where('action', '=', 'complete_task')
      .where('entity_id', '=', String(task?.task_id))
      .execute();
    expect(audits).toEqual([{ user_id: nurse.user.user_id }]);
  });

  it('answers 404 for another user’s task and an unknown one alike, for every action', async () => {
    const theirs = (await storedTasks(lead.user.user_id)).find((s) => s.status !== 'completed');
    const before = await rowCounts(t.db, ['audit_log']);
    const foreign = await post(nurse, completeMyTask, { task_id: theirs?.task_id });
    const unknown = await post(nurse, completeMyTask, { task_id: 99_999_999 });
    expect([foreign.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(foreign.json().field).toBe('task_id');
    expect(foreign.json().message.replace(String(theirs?.task_id), 'N')).toBe(
      unknown.json().message.replace('99999999', 'N'),
    );
    expect((await assignees(nurse, theirs?.task_id as number)).statusCode).toBe(404);
    const reassign = await post(nurse, reassignMyTask, {
      task_id: theirs?.task_id,
      assigned_to: nurse.user.user_id,
    });
    expect(reassign.statusCode).toBe(404);
    expect(await rowCounts(t.db, ['audit_log'])).toEqual(before);
    const still = await t.db
      .selectFrom('tasks')
      .select(['assigned_to', 'status'])
      .where('task_id', '=', theirs?.task_id as number)
      .executeTakeFirstOrThrow();
    expect(still).toEqual({ assigned_to: lead.user.user_id, status: theirs?.status });
  });

  it('offers the patient’s care team, or the practice’s clinical staff, never the user', async () => {
    const tasks = await storedTasks(nurse.user.user_id);
    const withPatient = tasks.find((s) => s.patient_id !== null && s.status !== 'completed');
    const res = await assignees(nurse, withPatient?.task_id as number);
    expect(res.statusCode, res.body).toBe(200);
    const team = await t.app.inject({
      method: 'GET',
      url: `${callUrl(getCareTeam)}?patient_id=${withPatient?.patient_id}`,
      headers: nurse.headers,
    });
    const expected = team
      .json()
      .data.filter((m: { user_id: number }) => m.user_id !== nurse.user.user_id)
      .map((m: { user_id: number; name: string }) => ({ user_id: m.user_id, name: m.name }));
    expect(res.json().data).toEqual(expected);

    const teamless = tasks.find((s) => s.patient_id === null) as { task_id: number };
    const staff = (await assignees(nurse, teamless.task_id)).json().data as { user_id: number }[];
    expect(staff.length).toBeGreaterThan(0);
    expect(staff.map((s) => s.user_id)).not.toContain(nurse.user.user_id);
    expect(staff.map((s) => s.user_id)).toContain(physician.user.user_id);
    expect(staff.map((s) => s.user_id)).not.toContain(lead.user.user_id);
  });

  it('reassigns an open task to an offered assignee only; a completed task answers 409', async () => {
    const tasks = await storedTasks(nurse.user.user_id);
    const teamless = tasks.find((s) => s.patient_id === null && s.status !== 'completed') as {
      task_id: number;
    };
    const refused = await post(nurse, reassignMyTask, {
      task_id: teamless.task_id,
      assigned_to: lead.user.user_id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('assigned_to');
    const self = await post(nurse, reassignMyTask, {
      task_id: teamless.task_id,
      assigned_to: nurse.user.user_id,
    });
    expect(self.statusCode).toBe(400);

    const count = await badge(physician);
    const ok = await post(nurse, reassignMyTask, {
      task_id: teamless.task_id,
      assigned_to: physician.user.user_id,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await badge(physician)).toBe(count + 1);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['user_id', 'detail'])
      .where('action', '=', 'reassign_task')
      .where('entity_id', '=', String(teamless.task_id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      user_id: nurse.user.user_id,
      detail: { from: nurse.user.user_id, to: physician.user.user_id },
    });
    // No longer the nurse's: invisible in her list.
    const mine = await page(view({ filters: { status: [] } }));
    expect(mine.rows.map((r) => r.task_id)).not.toContain(teamless.task_id);

    const completed = tasks.find((s) => s.status === 'completed') as { task_id: number };
    const late = await post(nurse, reassignMyTask, {
      task_id: completed.task_id,
      assigned_to: physician.user.user_id,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('completed');
  });
});

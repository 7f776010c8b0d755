import {
  addPatientNote,
  addPatientTask,
  getPatientNotes,
  getPatientTasks,
  shiftDay,
  updatePatientNote,
  updatePatientTask,
} from '@rpm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectCall, injectUnchecked, signIn } from '../test-app.js';
import { rowCounts } from '../test-rows.js';
import { type ChartWorld, type Signed, startChartWorld } from './chart-test-world.js';

let w: ChartWorld;

beforeAll(async () => {
  w = await startChartWorld();
});
afterAll(async () => w.t.close());

const editNote = (body: { note_id: number; note: string }, who: Signed = w.nurse) =>
  injectCall(w.t.app, updatePatientNote, { body }, who);
const addTask = (
  body: { patient_id: number; assigned_to: number; title: string; due_at?: string },
  who: Signed = w.nurse,
) => injectCall(w.t.app, addPatientTask, { body }, who);
const tasks = (state?: 'completed') =>
  injectCall(w.t.app, getPatientTasks, { query: { patient_id: w.patient, state } }, w.nurse);
const updateTask = (body: { task_id: number; status: 'completed' }) =>
  injectCall(w.t.app, updatePatientTask, { body }, w.nurse);

describe('notes and tasks (000 §2.3)', () => {
  it('adds, lists and edits notes; only the author edits', async () => {
    const res = await injectCall(
      w.t.app,
      addPatientNote,
      { body: { patient_id: w.patient, note: '  Called the patient.  ' } },
      w.nurse,
    );
    expect(res.statusCode, res.body).toBe(200);
    const note = res.json().data;
    expect(note).toMatchObject({ note: 'Called the patient.', author_id: w.nurse.user.user_id });
    const list = (
      await injectCall(w.t.app, getPatientNotes, { query: { patient_id: w.patient } }, w.nurse)
    ).json();
    expect(list.count).toBe(1);
    const edit = await editNote({ note_id: note.note_id, note: 'Called twice.' });
    expect(edit.json().data.note).toBe('Called twice.');
    const other = await editNote({ note_id: note.note_id, note: 'Mine now' }, w.admin);
    expect(other.statusCode).toBe(403);
  });

  it.each<[string, { patient_id?: number; note: string }, number, string]>([
    ['an empty note', { note: '   ' }, 400, 'note'],
    ['a note too long', { note: 'x'.repeat(5001) }, 400, 'note'],
    ['a patient outside the practice', { patient_id: -1, note: 'Hi' }, 404, 'patient_id'],
  ])('refuses %s', async (_, change, status, field) => {
    const body = { patient_id: w.patient, ...change };
    if (change.patient_id === -1) body.patient_id = w.foreign;
    const before = await rowCounts(w.t.db, ['patient_notes', 'audit_log']);
    const res = await injectUnchecked(w.t.app, addPatientNote, { body }, w.nurse);
    expect(res.statusCode).toBe(status);
    expect(res.json().field).toBe(field);
    expect(await rowCounts(w.t.db, ['patient_notes', 'audit_log'])).toEqual(before);
  });

  it('adds a task for a care-team member and completes it', async () => {
    const res = await addTask({
      patient_id: w.patient,
      assigned_to: w.nurse.user.user_id,
      title: 'Call about the cuff',
      due_at: `${shiftDay(w.today, 1)}T09:00:00Z`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const task = res.json().data;
    expect(task).toMatchObject({ status: 'open', assigned_to: w.nurse.user.user_id, completed_at: null });
    const open = (await tasks()).json();
    expect(open.data.map((x: { task_id: number }) => x.task_id)).toContain(task.task_id);
    const done = await updateTask({ task_id: task.task_id, status: 'completed' });
    expect(done.json().data.completed_at).toBe(w.t.clock.now().toISOString());
    const completed = (await tasks('completed')).json();
    expect(completed.data.map((x: { task_id: number }) => x.task_id)).toContain(task.task_id);
  });

  it('refuses an assignee who cannot see the patient, and a task of a patient outside the practice', async () => {
    const lead = await signIn(w.t.app, 'role5@demo.test'); // Riverside
    const res = await addTask({ patient_id: w.patient, assigned_to: lead.user.user_id, title: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('assigned_to');
    const foreignTask = await addTask(
      { patient_id: w.foreign, assigned_to: w.admin.user.user_id, title: 'Theirs' },
      w.admin,
    );
    const update = await updateTask({ task_id: foreignTask.json().data.task_id, status: 'completed' });
    // The task of a foreign patient answers as an unknown task.
    expect(update.statusCode).toBe(404);
    expect(update.json().message).toBe(`Task ${foreignTask.json().data.task_id} is not a patient's task.`);
  });
});

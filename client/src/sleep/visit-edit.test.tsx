import {
  type CallDef,
  findConsultPatients,
  type SleepConsultRow,
  sleepConsultsList,
  updateSleepConsult,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, pageOf } from '../test/fake-server';
import { listPatientOf, makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { SleepConsultsScreen } from './schedule-screens';

vi.mock('../hub/HubProvider', () => ({ useHubEvent: () => undefined, useHubConnect: () => undefined }));

const listCall = sleepConsultsList.calls.list as unknown as CallDef;
const AT = new Date(2026, 2, 12, 10, 0).toISOString();

function consult(extra: Partial<SleepConsultRow>): SleepConsultRow {
  return {
    consult_id: 5,
    patient_id: 3,
    patient_name: 'Doe, John',
    patient: listPatientOf(3, 'Doe, John'),
    dob: '1950-02-01',
    practice_name: 'Lakeside Sleep Center',
    physician_id: 16,
    physician: 'Haddad, Omar',
    consult_type: 'Impression',
    consult_type_code: 2,
    status: 'Scheduled',
    status_code: 2,
    scheduled_at: AT,
    duration_minutes: 45,
    notes: 'Review the study first.',
    ...extra,
  };
}

beforeEach(() => storeUser(makeUser({ roleid: [15], pages: ['Sleep Consults'] })));

describe('Sleep Consults: edit a scheduled consult (issue 15 §3)', () => {
  it('opens the dialog filled in from the row and saves the changes with updateSleepConsult', async () => {
    const server = fakeServer()
      .on(listCall, (r) =>
        pageOf(
          [
            consult({}),
            consult({ consult_id: 6, patient_name: 'Roe, Mary', status: 'Completed', status_code: 3 }),
          ],
          r.query,
        ),
      )
      .on(sleepConsultsList.calls.filterOptions as unknown as CallDef, () => ({
        status: 1,
        data: {
          physician: [
            { value: '16', label: 'Haddad, Omar' },
            { value: '17', label: 'Lee, Ann' },
          ],
        },
      }))
      .on(updateSleepConsult, () => ({
        status: 1,
        message: 'Updated successfully',
        data: consult({
          consult_type: 'Follow up',
          consult_type_code: 5,
          physician_id: 17,
          physician: 'Lee, Ann',
        }),
      }));
    const user = userEvent.setup();
    renderWithProviders(<SleepConsultsScreen />, '/app/sleep-consults');
    await screen.findAllByText('DOE, JOHN');
    // Only the scheduled row can be edited: the completed one has no buttons.
    const edits = screen.getAllByRole('button', { name: 'Edit' });
    expect(edits).toHaveLength(1);
    await user.click(edits[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Sleep Consult' });
    const form = within(dialog);
    expect((form.getByLabelText('Patient') as HTMLInputElement).value).toBe(
      'DOE, JOHN · DOB 02/01/1950 · MRN M3',
    );
    expect(form.queryByLabelText('Find patient')).toBeNull();
    await waitFor(() => expect((form.getByLabelText('Physician*') as HTMLSelectElement).value).toBe('16'));
    expect((form.getByLabelText('Consult Type*') as HTMLSelectElement).value).toBe('2');
    expect((form.getByLabelText('Date & Time*') as HTMLInputElement).value).toBe('2026-03-12T10:00');
    expect((form.getByLabelText('Duration (minutes)') as HTMLInputElement).value).toBe('45');
    expect((form.getByLabelText('Notes') as HTMLTextAreaElement).value).toBe('Review the study first.');

    await user.selectOptions(form.getByLabelText('Physician*'), '17');
    await user.selectOptions(form.getByLabelText('Consult Type*'), '5');
    await user.clear(form.getByLabelText('Notes'));
    await user.type(form.getByLabelText('Notes'), 'Bring the CPAP mask.');
    const before = server.requests(listCall).length;
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests(updateSleepConsult)).toHaveLength(1));
    expect(server.requests(updateSleepConsult)[0]?.body).toEqual({
      consult_id: 5,
      physician_id: 17,
      consult_type: 5,
      scheduled_at: AT,
      duration_minutes: 45,
      notes: 'Bring the CPAP mask.',
    });
    expect(await screen.findByText('Consult updated.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Sleep Consult' })).toBeNull());
    await waitFor(() => expect(server.requests(listCall).length).toBeGreaterThan(before));
    expect(server.requests(findConsultPatients)).toHaveLength(0);
  });
});

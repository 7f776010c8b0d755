import {
  addPatient,
  findDuplicatePatients,
  getRegistrationOptions,
  MSG,
  NO_PATIENT_EDIT,
  POSSIBLE_DUPLICATE,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { RegisterPatientPage } from './RegisterPatientPage';

vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));

const statuses = (labels: string[]) => labels.map((label, i) => ({ value: i + 1, label }));
const options: FakeAnswer<typeof getRegistrationOptions> = {
  status: 1,
  data: {
    practices: [{ value: 3, label: 'Main Street Practice' }],
    locations: [{ value: 7, label: 'Main' }],
    physicians: [{ value: 60, label: 'Dr Ada Park' }],
    care_coordinators: [],
    insurance_plans: [{ value: 1, label: 'CMS · Medicare Part B' }],
    languages: [{ value: 1, label: 'English' }],
    statuses: {
      RPM: [
        { value: 2, label: 'Contacted' },
        { value: 3, label: 'Consented' },
      ],
      CCM: statuses(['Eligible']),
      BHI: statuses(['Eligible']),
      PCM: statuses(['Eligible']),
      RTM: statuses(['Eligible']),
    },
  },
};

function open(roleid = [15]) {
  storeUser(makeUser({ roleid, pages: ['Patient Chart', 'Patients Table'] }));
  const server = fakeServer().on(getRegistrationOptions, options);
  const view = renderWithProviders(<RegisterPatientPage />, '/app/patient-chart/overview/new');
  return { server, view, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText('Practice *'), '3');
  await waitFor(() => expect(screen.getByRole('option', { name: 'Main' })).toBeTruthy());
  await user.selectOptions(screen.getByLabelText('Location *'), '7');
  await user.type(screen.getByLabelText('First Name *'), 'Rosa');
  await user.type(screen.getByLabelText('Last Name *'), "O'Hill");
  await user.type(screen.getByLabelText('Date of Birth *'), '1950-03-14');
  await user.type(screen.getByLabelText('Mobile'), '(404) 555-0101');
  await user.type(screen.getByLabelText('MRN *'), 'A-77');
  await user.type(screen.getByLabelText('Diagnosis Codes (ICD-10-CM) *'), 'i10, E11.9');
}

describe('registration (issue 38 §1)', () => {
  it('names each bad field under it and sends nothing', async () => {
    const { server, user } = open();
    await screen.findByRole('option', { name: 'Main Street Practice' });
    await user.click(screen.getByRole('button', { name: 'Register Patient' }));
    expect(await screen.findByText('Correct the fields marked below.')).toBeTruthy();
    expect(screen.getByText('Enter at least one diagnosis code')).toBeTruthy();
    expect(screen.getAllByText(MSG.required).length).toBeGreaterThanOrEqual(4);
    expect(server.bodies(findDuplicatePatients)).toEqual([]);
    expect(server.bodies(addPatient)).toEqual([]);
  });

  it('shows possible duplicates with their identity, and registers only once confirmed', async () => {
    const { server, view, user } = open();
    server
      .on(findDuplicatePatients, {
        status: 1,
        data: {
          candidates: [
            {
              patient_id: 812,
              firstname: 'Rosa',
              lastname: "O'Hill",
              dob: '1950-03-14',
              mrn: null,
              practice_id: 1,
              practice_name: 'Main Street Practice',
              reasons: ['name_dob'],
            },
          ],
          outside_scope: 1,
        },
      })
      .on(addPatient, { status: 1, message: MSG.addedSuccessfully, data: { patient_id: 900 } });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register Patient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Possible duplicate' });
    expect(within(dialog).getByText('DOB 03/14/1950 · RPM ID 812')).toBeTruthy();
    expect(within(dialog).getByText('Same last name and date of birth')).toBeTruthy();
    expect(within(dialog).getByText('1 more matching record is in a practice you cannot see.')).toBeTruthy();
    expect(server.bodies(addPatient)).toEqual([]);
    expect(server.bodies(findDuplicatePatients)).toEqual([
      { practice_id: 3, lastname: "O'Hill", dob: '1950-03-14', mrn: 'A-77', mobile: '4045550101' },
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Register as a new patient' }));
    await waitFor(() => expect(view.path()).toBe('/app/patient-chart/overview/900'));
    expect(server.bodies(addPatient)).toEqual([
      expect.objectContaining({
        practice_id: 3,
        location_id: 7,
        mobile: '4045550101',
        diagnosis_codes: ['i10', 'E11.9'],
        programs: { RPM: 2, CCM: null, BHI: null, PCM: null, RTM: null },
        confirm_duplicates: true,
      }),
    ]);
  });

  it('opens a candidate instead of registering, and shows a field the server refused under it', async () => {
    const { server, view, user } = open();
    server.on(findDuplicatePatients, { status: 1, data: { candidates: [], outside_scope: 0 } });
    server.fail(addPatient, 409, 'MRN A-77 is already used in this practice.', 'mrn');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register Patient' }));
    expect(await screen.findByText('MRN A-77 is already used in this practice.')).toBeTruthy();
    expect(view.path()).toBe('/app/patient-chart/overview/new');

    server.on(findDuplicatePatients, {
      status: 1,
      data: {
        candidates: [
          {
            patient_id: 812,
            firstname: 'Rosa',
            lastname: "O'Hill",
            dob: '1950-03-14',
            mrn: 'A-77',
            practice_id: 1,
            practice_name: 'Main Street Practice',
            reasons: ['mrn'],
          },
        ],
        outside_scope: 0,
      },
    });
    server.fail(addPatient, 409, POSSIBLE_DUPLICATE, 'confirm_duplicates');
    await user.click(screen.getByRole('button', { name: 'Register Patient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Possible duplicate' });
    await user.click(within(dialog).getByRole('button', { name: "Open O'Hill, Rosa" }));
    await waitFor(() => expect(view.path()).toBe('/app/patient-chart/overview/812'));
  });

  it('tells a user who may not register so', () => {
    open([8]);
    expect(screen.getByText(NO_PATIENT_EDIT)).toBeTruthy();
  });
});

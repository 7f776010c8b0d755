import { getPatientIdentities, MSG, PAGES, type PatientMatch, searchPatients } from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeServer, fakeServer } from '../../test/fake-server';
import { makeUser, storeUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { recordChartOpened } from './recent-charts';
import { SEARCH_NO_MATCH, SEARCH_NO_MATCH_PATIENTS, SearchBox } from './SearchBox';
import { PATIENTS_HEADING, RECENT_HEADING } from './use-patient-results';

const box = () => screen.getByRole('combobox', { name: 'Search' });
const options = () => within(screen.getByRole('listbox', { name: 'Search' })).queryAllByRole('option');

const rosa: PatientMatch = {
  patient_id: 812,
  firstname: 'ROSA',
  lastname: 'HILL',
  dob: '1950-03-14',
  mrn: 'M100023',
  practice_name: 'Northwind Family Practice',
};
const brien: PatientMatch = {
  patient_id: 813,
  firstname: 'Siobhán',
  lastname: "O'Brien-Vance",
  dob: '1961-11-02',
  mrn: null,
  practice_name: 'Riverside Clinic',
};

let server: FakeServer;
beforeEach(() => {
  localStorage.clear();
  // The fake search: HILL, ROSA for 'ros hil' and her date of birth, O'Brien-Vance for "o'brien", else nothing.
  server = fakeServer()
    .on(searchPatients, ({ query }) => {
      const q = String(query.q).toLowerCase();
      const data = q === 'ros hil' || q === '03/14/1950' ? [rosa] : q.includes('brien') ? [brien] : [];
      return { status: 1, data };
    })
    .on(getPatientIdentities, { status: 1, data: [brien, rosa] });
});

function setup(path = '/app/dashboard', pages: readonly string[] = PAGES) {
  storeUser(makeUser({ roleid: [1], pages: [...pages] }));
  const user = userEvent.setup();
  return { user, ...renderWithProviders(<SearchBox />, path) };
}

const patientGroup = (heading: string) => screen.findByRole('group', { name: heading });

describe('SearchBox', () => {
  it('suggests at most 5 entries matching the text, case-insensitively', async () => {
    const { user } = setup();
    expect(box().getAttribute('aria-expanded')).toBe('false');
    await user.type(box(), 'BILLING');
    await waitFor(() => expect(options()).toHaveLength(5));
    expect(box().getAttribute('aria-expanded')).toBe('true');
    for (const option of options()) expect(option.textContent?.toLowerCase()).toContain('billing');
    await user.clear(box());
    await user.type(box(), 'my ta');
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['My Tasks']));
  });

  it('suggests only entries the user may open', async () => {
    const { user } = setup('/app/dashboard', ['Dashboard']);
    await user.type(box(), 'dash');
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['Dashboard']));
  });

  it('Enter with no chosen suggestion opens the first match', async () => {
    const { user, path } = setup();
    await user.type(box(), 'dashboard');
    await waitFor(() => expect(options().length).toBeGreaterThan(1));
    await user.keyboard('{Enter}');
    expect(path()).toBe('/app/dashboard');
    expect((box() as HTMLInputElement).value).toBe('');
  });

  it('arrow keys choose a suggestion and Enter opens it', async () => {
    const { user, path } = setup('/app/patients');
    await user.type(box(), 'dashboard');
    await waitFor(() => expect(options().length).toBe(5));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = options()[1];
    expect(second?.getAttribute('aria-selected')).toBe('true');
    expect(box().getAttribute('aria-activedescendant')).toBe(second?.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(options()[4]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(path()).toBe('/app/sales-practice-dashboard');
  });

  it('a click on a suggestion opens it', async () => {
    const { user, path } = setup();
    await user.type(box(), 'invoices');
    await waitFor(() => expect(options()).toHaveLength(1));
    const option = options()[0];
    if (!option) throw new Error('no option');
    await user.click(option);
    expect(path()).toBe('/app/invoices');
  });

  it.each(['!!', 'dash<', ''])(
    'Enter on %j (empty or special characters) opens the Alert; OK closes it and nothing navigates',
    async (typed) => {
      const { user, path } = setup('/app/patients');
      await user.click(box());
      if (typed !== '') await user.keyboard(typed);
      await user.keyboard('{Enter}');
      const alert = await screen.findByRole('alertdialog', { name: MSG.alert });
      expect(alert.textContent).toContain(MSG.searchInvalid);
      await user.click(within(alert).getByRole('button', { name: MSG.ok }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(path()).toBe('/app/patients');
    },
  );

  it('no suggestion for special characters; a valid search with no match says so and Enter stays', async () => {
    const { user, path } = setup('/app/patients');
    await user.type(box(), 'zzzz');
    expect(await screen.findByText(SEARCH_NO_MATCH_PATIENTS)).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(path()).toBe('/app/patients');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Escape closes the suggestions', async () => {
    const { user } = setup();
    await user.type(box(), 'dash');
    await waitFor(() => expect(box().getAttribute('aria-expanded')).toBe('true'));
    await user.keyboard('{Escape}');
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it("without the Patient Chart entry searches pages only: no patient call, and the spec's message", async () => {
    const { user } = setup('/app/patients', ['Dashboard']);
    await user.type(box(), 'zzzz');
    expect(await screen.findByText(SEARCH_NO_MATCH)).toBeTruthy();
    await user.clear(box());
    await user.type(box(), "o'brien{Enter}");
    expect(await screen.findByRole('alertdialog', { name: MSG.alert })).toBeTruthy();
    expect(server.requests(searchPatients)).toHaveLength(0);
  });
});

describe('SearchBox patients (issue 38 §3)', () => {
  it('finds patients by name once typing pauses, shows who they are and where, and Enter opens the chart', async () => {
    const { user, path } = setup();
    await user.type(box(), 'ros hil');
    const group = await patientGroup(PATIENTS_HEADING);
    const [option] = within(group).getAllByRole('option');
    expect(option?.textContent).toContain('HILL, ROSA');
    expect(option?.textContent).toContain('DOB 03/14/1950 · MRN M100023');
    expect(option?.textContent).toContain('Northwind Family Practice');
    // One request for the whole text: the keystrokes before it were debounced.
    expect(server.requests(searchPatients).map((r) => r.query.q)).toEqual(['ros hil']);
    await user.keyboard('{ArrowDown}');
    expect(box().getAttribute('aria-activedescendant')).toBe(option?.id);
    await user.keyboard('{Enter}');
    expect(path()).toBe('/app/patient-chart/overview/812');
  });

  it.each([
    ["O'Brien", 813],
    ['O’Brien-Vance', 813],
    ['03/14/1950', 812],
  ])('%s is a patient search, not an invalid one: Enter opens the first patient', async (typed, id) => {
    const { user, path } = setup('/app/patients');
    await user.type(box(), typed);
    await patientGroup(PATIENTS_HEADING);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(path()).toBe(`/app/patient-chart/overview/${id}`);
  });

  it('offers the charts opened last on focus, and shows the RPM ID of a patient without an MRN', async () => {
    recordChartOpened(42, 812);
    recordChartOpened(42, 813);
    const { user, path } = setup();
    await user.click(box());
    const group = await patientGroup(RECENT_HEADING);
    expect(server.last(getPatientIdentities)?.query).toEqual({ patient_id: '813,812' });
    const options = within(group).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining("O'Brien-Vance, Siobhán"),
      expect.stringContaining('HILL, ROSA'),
    ]);
    expect(options[0]?.textContent).toContain('RPM ID 813');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(path()).toBe('/app/patient-chart/overview/812');
  });

  it('keeps the recent charts per user and reads bad storage as none', async () => {
    recordChartOpened(7, 812);
    localStorage.setItem('recentCharts:42', '{"not":"a list"}');
    const { user } = setup();
    await user.click(box());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests(getPatientIdentities)).toHaveLength(0);
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });
});

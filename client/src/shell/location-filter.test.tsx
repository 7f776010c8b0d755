import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { LocationSelect } from './LocationSelect';
import {
  ALL,
  initialLocation,
  LocationFilterProvider,
  selectPractice,
  showsPracticeDropdown,
  useLocationFilter,
} from './location-filter';

const ONE_PRACTICE = [{ value: 1, label: 'Main Street Practice' }];
const TWO_PRACTICES = [
  { value: 1, label: 'Main Street Practice' },
  { value: 2, label: 'Harbour Practice' },
];

function userWith(roleid: number[], practices = TWO_PRACTICES) {
  return makeUser({
    roleid,
    data: { organization_id: 7, organization_name: 'North Clinic', practices, locations: [] },
  });
}

describe('location filter rules (000 §4.5)', () => {
  it.each([
    { roles: [1], practices: TWO_PRACTICES, start: { organizationId: ALL, practiceId: ALL, label: '' } },
    { roles: [1, 5], practices: TWO_PRACTICES, start: { organizationId: ALL, practiceId: ALL, label: '' } },
    {
      roles: [5],
      practices: TWO_PRACTICES,
      start: { organizationId: 7, practiceId: 1, label: 'Main Street Practice' },
    },
    {
      roles: [10],
      practices: TWO_PRACTICES,
      start: { organizationId: 7, practiceId: 1, label: 'Main Street Practice' },
    },
    {
      roles: [8],
      practices: ONE_PRACTICE,
      start: { organizationId: 7, practiceId: 1, label: 'Main Street Practice' },
    },
    { roles: [8], practices: [], start: { organizationId: 7, practiceId: null, label: '' } },
  ])('roles $roles start at $start', ({ roles, practices, start }) => {
    expect(initialLocation(userWith(roles, practices))).toEqual(start);
  });

  it.each([
    { roles: [1], practices: TWO_PRACTICES, shows: false }, // global role
    { roles: [10], practices: TWO_PRACTICES, shows: false }, // global role
    { roles: [11], practices: TWO_PRACTICES, shows: false }, // global role
    { roles: [5, 11], practices: TWO_PRACTICES, shows: false }, // any global role hides it
    { roles: [5], practices: TWO_PRACTICES, shows: true },
    { roles: [8], practices: TWO_PRACTICES, shows: true },
    { roles: [5], practices: ONE_PRACTICE, shows: false }, // one practice: nothing to choose
    { roles: [5], practices: [], shows: false },
  ])(
    'roles $roles with $practices.length practices: dropdown shows = $shows',
    ({ roles, practices, shows }) => {
      expect(showsPracticeDropdown(userWith(roles, practices))).toBe(shows);
    },
  );

  it.each([
    { choose: 2, expected: { practiceId: 2, label: 'Harbour Practice' } },
    { choose: 1, expected: { practiceId: 1, label: 'Main Street Practice' } },
    { choose: 99, expected: { practiceId: 1, label: 'Main Street Practice' } }, // not the user's: unchanged
  ])('choosing practice $choose gives $expected', ({ choose, expected }) => {
    const user = userWith([5]);
    expect(selectPractice(user, initialLocation(user), choose)).toEqual({ organizationId: 7, ...expected });
  });
});

function Current() {
  const filter = useLocationFilter();
  return (
    <output aria-label="current">
      {String(filter.organizationId)}/{String(filter.practiceId)}/{filter.label}
    </output>
  );
}

function renderFilter(user = storeUser(userWith([5]))) {
  return renderWithProviders(
    <LocationFilterProvider user={user}>
      <LocationSelect />
      <Current />
    </LocationFilterProvider>,
    '/app/dashboard',
  );
}

describe('LocationSelect', () => {
  it('changing the practice updates the current practice id and label, and a reload keeps it', async () => {
    const first = renderFilter();
    expect(screen.getByLabelText('current').textContent).toBe('7/1/Main Street Practice');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Practice' }), 'Harbour Practice');
    expect(screen.getByLabelText('current').textContent).toBe('7/2/Harbour Practice');

    first.unmount();
    renderFilter();
    expect(screen.getByLabelText('current').textContent).toBe('7/2/Harbour Practice');
  });

  it('privileged users see all organisations and no dropdown', () => {
    renderFilter(storeUser(userWith([1])));
    expect(screen.getByLabelText('current').textContent).toBe('*/*/');
    expect(screen.getByText('All organizations')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Practice' })).toBeNull();
  });

  it('a user with one practice sees its name, not a dropdown', () => {
    renderFilter(storeUser(userWith([8], ONE_PRACTICE)));
    expect(screen.queryByRole('combobox', { name: 'Practice' })).toBeNull();
    expect(screen.getByText('Main Street Practice')).toBeTruthy();
  });

  it('a stored choice of another user is ignored', () => {
    sessionStorage.setItem('locationFilter', JSON.stringify({ userId: 999, practiceId: 2 }));
    renderFilter();
    expect(screen.getByLabelText('current').textContent).toBe('7/1/Main Street Practice');
  });
});

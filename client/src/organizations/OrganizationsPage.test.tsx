import {
  addOrganization,
  alertTitle,
  getLanguages,
  getOrganizations,
  MSG,
  type OrganizationRow,
  SNACKBAR_MS,
  translateText,
  updateOrganization,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeServer, fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { showToast } from '../toaster/toast';
import { OrganizationsPage } from './OrganizationsPage';

vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));

// Table2 renders only the cells inside its measured viewport; jsdom measures everything as 0 px.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() =>
    DOMRect.fromRect({ width: 1400, height: 800 }),
  );
});
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1400 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
});
afterAll(() => {
  // Back to jsdom's own getters on the prototype chain (Element.prototype).
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
});

const north: OrganizationRow = {
  organizationid: 3,
  organization_name: 'North Clinic',
  organization_details: 'Cardiología del norte',
  description_language_id: 3,
  translated_details: 'Northern cardiology',
  practices: 2,
  locations: 5,
  created_at: '2025-03-04T12:00:00.000Z',
};
const south: OrganizationRow = {
  organizationid: 4,
  organization_name: 'South Care',
  organization_details: 'Primary care',
  description_language_id: 1,
  translated_details: null,
  practices: 1,
  locations: 1,
  created_at: '2025-06-30T12:00:00.000Z',
};

const languages = [
  { language_id: 1, language: 'English' },
  { language_id: 2, language: 'Arabic' },
  { language_id: 3, language: 'Spanish' },
];

/** The organisations page's calls; `configure` adds or replaces handlers. */
function serve(rows: OrganizationRow[], configure: (server: FakeServer) => void = () => undefined) {
  const server = fakeServer()
    .on(getOrganizations, { status: 1, data: rows })
    .on(getLanguages, { status: 1, data: languages });
  configure(server);
  return server;
}

async function setup(rows: OrganizationRow[] = [north, south], configure?: (server: FakeServer) => void) {
  storeUser(makeUser({ user_id: 1, roleid: [1], pages: ['Organizations Table'] }));
  const server = serve(rows, configure);
  const user = userEvent.setup();
  renderWithProviders(<OrganizationsPage />, '/app/organizations');
  return { server, user };
}

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Add Organization' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Organization' });
  await within(dialog).findByRole('option', { name: 'Spanish' });
  return dialog;
}

describe('OrganizationsPage', () => {
  it('lists the organisations with their columns and operations', async () => {
    await setup();
    expect(await screen.findByText('North Clinic')).toBeTruthy();
    for (const name of [
      'Organization Name',
      'Description',
      'Practices',
      'Locations',
      'Created',
      'Operations',
    ])
      expect(screen.getAllByText(name).length).toBeGreaterThan(0);
    expect(screen.getByText('Cardiología del norte')).toBeTruthy();
    expect(screen.getByText('03/04/2025')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit North Clinic' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'More Information South Care' })).toBeTruthy();
  });

  it("says 'No Records Found' for an empty list", async () => {
    await setup([]);
    expect(await screen.findByText(MSG.noRecordsFound)).toBeTruthy();
  });

  it('More Information shows one record without Operations, and closes', async () => {
    const { user } = await setup();
    await user.click(await screen.findByRole('button', { name: 'More Information North Clinic' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.moreInformation });
    const rows = within(dialog)
      .getAllByRole('row')
      .map((row) => [row.querySelector('th')?.textContent, row.querySelector('td')?.textContent]);
    expect(rows).toEqual([
      ['Organization Name', 'North Clinic'],
      ['Description', 'Cardiología del norte'],
      ['Source Language', 'Spanish'],
      ['Translated Note', 'Northern cardiology'],
      ['Practices', '2'],
      ['Locations', '5'],
      ['Created', '03/04/2025'],
    ]);
    expect(within(dialog).queryByText('Operations')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: MSG.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('create: Required, Invalid Name on blur, special-character messages on submit; nothing is sent', async () => {
    const { server, user } = await setup();
    const dialog = await openCreate(user);
    const name = within(dialog).getByLabelText(MSG.organizationName);
    const description = within(dialog).getByLabelText(MSG.organizationDescription);

    await user.click(within(dialog).getByRole('button', { name: MSG.save }));
    expect(within(dialog).getAllByText(MSG.required)).toHaveLength(2);

    await user.type(name, 'North & South');
    await user.tab();
    expect(within(dialog).getByText(MSG.invalidName)).toBeTruthy();
    await user.type(description, 'Heart <care>');
    await user.click(within(dialog).getByRole('button', { name: MSG.save }));
    expect(within(dialog).getByText(MSG.nameSpecialChars)).toBeTruthy();
    expect(within(dialog).getByText(MSG.descriptionSpecialChars)).toBeTruthy();
    expect(server.bodies(addOrganization)).toHaveLength(0);

    // Fixing the name clears its message while typing.
    await user.clear(name);
    await user.type(name, 'North and South');
    expect(within(dialog).queryByText(MSG.invalidName)).toBeNull();
    expect(within(dialog).queryByText(MSG.nameSpecialChars)).toBeNull();
  });

  it('create: Translate is off for the default language; Please enter text.; translation shown and saved trimmed', async () => {
    const add = vi.fn((_: unknown) => ({
      status: 1,
      message: 'Added Successfully',
      data: { organizationid: 9 },
    }));
    const translate = vi.fn((_: unknown) => ({
      status: 1,
      data: { translations: [{ translatedText: 'Heart care of the north' }] },
    }));
    const { server, user } = await setup([north], (s) =>
      s.on(addOrganization, ({ body }) => add(body)).on(translateText, ({ body }) => translate(body)),
    );
    const dialog = await openCreate(user);
    const translateButton = within(dialog).getByRole('button', { name: MSG.translate });
    const language = within(dialog).getByLabelText(MSG.sourceLanguage) as HTMLSelectElement;
    expect(language.value).toBe('1');
    expect(translateButton).toHaveProperty('disabled', true);

    await user.selectOptions(language, 'Spanish');
    expect(translateButton).toHaveProperty('disabled', false);
    await user.click(translateButton);
    expect(within(dialog).getByText(MSG.enterText)).toBeTruthy();
    expect(translate).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText(MSG.organizationDescription), '  Cuidado del corazón  ');
    expect(within(dialog).queryByLabelText(MSG.translatedValue)).toBeNull();
    await user.click(translateButton);
    const translated = (await within(dialog).findByLabelText(MSG.translatedValue)) as HTMLTextAreaElement;
    expect(translated.value).toBe('Heart care of the north');
    expect(translated.readOnly).toBe(true);
    expect(translate.mock.calls[0]?.[0]).toEqual({ translate_text: 'Cuidado del corazón', source: 'es' });

    // Back to the default language hides the translation.
    await user.selectOptions(language, 'English');
    expect(within(dialog).queryByLabelText(MSG.translatedValue)).toBeNull();
    await user.selectOptions(language, 'Arabic');
    await user.click(translateButton);
    expect(translate.mock.calls[1]?.[0]).toEqual({ translate_text: 'Cuidado del corazón', source: 'ar' });
    await within(dialog).findByLabelText(MSG.translatedValue);

    await user.type(within(dialog).getByLabelText(MSG.organizationName), '  Norte Clinic  ');
    await user.click(within(dialog).getByRole('button', { name: MSG.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(add.mock.calls[0]?.[0]).toEqual({
      organization_name: 'Norte Clinic',
      organization_details: 'Cuidado del corazón',
      description_language_id: 2,
      translated_details: 'Heart care of the north',
      userid: 1,
    });
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Added Successfully', timeout: SNACKBAR_MS }),
    );
    // The table reloads after a save.
    expect(server.requests(getOrganizations)).toHaveLength(2);
  });

  it('Translate without a configured provider shows the server message in the error dialog', async () => {
    const { user } = await setup([north], (s) =>
      s.fail(translateText, 503, 'Translation is not configured on this server.'),
    );
    const dialog = await openCreate(user);
    await user.selectOptions(within(dialog).getByLabelText(MSG.sourceLanguage), 'Spanish');
    await user.type(within(dialog).getByLabelText(MSG.organizationDescription), 'Hola');
    await user.click(within(dialog).getByRole('button', { name: MSG.translate }));
    const alert = await screen.findByRole('alertdialog', { name: alertTitle(503) });
    expect(alert.textContent).toContain('Translation is not configured on this server.');
  });

  it.each([
    ['North Clinic', false],
    ['  north CLINIC ', false],
    ['North Clinic East', true],
  ])('edit: renaming to %j sends is_name_changed %s, with the translated note', async (newName, changed) => {
    const update = vi.fn((_: unknown) => ({ status: 1, message: 'Updated Successfully' }));
    const { user } = await setup([north], (s) => s.on(updateOrganization, ({ body }) => update(body)));
    await user.click(await screen.findByRole('button', { name: 'Edit North Clinic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Organization' });
    const note = within(dialog).getByLabelText(MSG.translatedNote) as HTMLTextAreaElement;
    expect(note.value).toBe('Northern cardiology');
    expect((within(dialog).getByLabelText(MSG.sourceLanguage) as HTMLSelectElement).value).toBe('3');

    const name = within(dialog).getByLabelText(MSG.organizationName);
    await user.clear(name);
    await user.type(name, newName);
    await user.click(within(dialog).getByRole('button', { name: MSG.save }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]?.[0]).toEqual({
      organizationid: 3,
      organization_name: newName.trim(),
      organization_details: 'Cardiología del norte',
      description_language_id: 3,
      translated_details: 'Northern cardiology',
      modified_user_id: 1,
      is_name_changed: changed,
    });
  });

  it('edit: a changed description drops the old translation', async () => {
    const update = vi.fn((_: unknown) => ({ status: 1, message: 'Updated Successfully' }));
    const { user } = await setup([north], (s) => s.on(updateOrganization, ({ body }) => update(body)));
    await user.click(await screen.findByRole('button', { name: 'Edit North Clinic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Organization' });
    await user.type(within(dialog).getByLabelText(MSG.organizationDescription), ' y más');
    expect(within(dialog).queryByLabelText(MSG.translatedNote)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: MSG.save }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]?.[0]).toMatchObject({ translated_details: null });
  });

  it('a refused save keeps the form open and shows the error dialog', async () => {
    const { user } = await setup([north], (s) =>
      s.fail(addOrganization, 409, 'Organization name already exists'),
    );
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText(MSG.organizationName), 'North Clinic');
    await user.type(within(dialog).getByLabelText(MSG.organizationDescription), 'Again');
    await user.click(within(dialog).getByRole('button', { name: MSG.save }));
    expect(await screen.findByRole('alertdialog', { name: alertTitle(409) })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add Organization' })).toBeTruthy();
  });
});

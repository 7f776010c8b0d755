import { MSG } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import {
  canTranslate,
  isNameChanged,
  nameBlurError,
  ORG_DESCRIPTION_MAX,
  ORG_NAME_MAX,
  organizationFormErrors,
  showsTranslation,
  toSubmission,
  translateError,
  translationSource,
} from './organization-form-rules';

const valid = { name: 'North Clinic', description: 'Cardiology group', languageId: 1, translated: '' };

describe('nameBlurError (000 §5, on blur)', () => {
  it.each([
    ['', MSG.required],
    ['   ', MSG.required],
    ['North Clinic', undefined],
    ['St. Mary, Inc-2', undefined],
    ['  Padded  ', undefined],
    ['Clínica Norte', undefined],
    ['North & South', MSG.invalidName],
    ['North_Clinic', MSG.invalidName],
    ['<b>x</b>', MSG.invalidName],
    ["O'Brien", MSG.invalidName],
  ])('%j → %s', (name, expected) => {
    expect(nameBlurError(name)).toBe(expected);
  });
});

describe('organizationFormErrors (000 §5, on submit)', () => {
  it.each([
    [valid, {}],
    [{ ...valid, name: '' }, { name: MSG.required }],
    [{ ...valid, name: ' \t ' }, { name: MSG.required }],
    [{ ...valid, name: 'North@Clinic' }, { name: MSG.nameSpecialChars }],
    [{ ...valid, description: '' }, { description: MSG.required }],
    [{ ...valid, description: 'Heart <script>' }, { description: MSG.descriptionSpecialChars }],
    [{ ...valid, description: 'Cardiología y medicina (adultos): 24/7!' }, {}],
    [{ ...valid, description: 'رعاية القلب' }, {}],
    [{ ...valid, description: 'Price $5' }, { description: MSG.descriptionSpecialChars }],
    [
      { ...valid, name: '#1', description: '{}' },
      { name: MSG.nameSpecialChars, description: MSG.descriptionSpecialChars },
    ],
  ])('%j → %j', (values, expected) => {
    expect(organizationFormErrors(values)).toEqual(expected);
  });
});

describe('translation rules (000 §4.7, §7)', () => {
  it.each([
    [1, false, ''],
    [2, true, 'ar'],
    [3, true, 'es'],
    [4, true, ''],
  ])('language %i: Translate enabled %s, source %j', (languageId, enabled, source) => {
    expect(canTranslate(languageId)).toBe(enabled);
    expect(translationSource(languageId)).toBe(source);
  });

  it.each([
    [1, 'Hello', false],
    [2, 'Hello', true],
    [3, null, false],
    [3, '  ', false],
    [3, 'Hello', true],
  ])('language %i with translation %j: shown %s', (languageId, translated, shown) => {
    expect(showsTranslation(languageId, translated)).toBe(shown);
  });

  it.each([
    ['', MSG.enterText],
    ['   ', MSG.enterText],
    ['Hola', undefined],
  ])('Translate with description %j → %s', (description, expected) => {
    expect(translateError(description)).toBe(expected);
  });
});

describe('isNameChanged (000 §4.7)', () => {
  it.each([
    ['North Clinic', 'North Clinic', false],
    ['North Clinic', ' north clinic ', false],
    ['North Clinic', 'NORTH CLINIC', false],
    ['North Clinic', 'North Clinics', true],
    ['North Clinic', 'South Clinic', true],
  ])('%j → %j: %s', (original, next, changed) => {
    expect(isNameChanged(original, next)).toBe(changed);
  });
});

describe('toSubmission (000 §4.7)', () => {
  it.each([
    [
      { name: '  North  ', description: ' Heart care ', languageId: 1, translated: 'ignored' },
      {
        organization_name: 'North',
        organization_details: 'Heart care',
        description_language_id: 1,
        translated_details: null,
      },
    ],
    [
      { name: 'Norte', description: ' Cuidado ', languageId: 3, translated: ' Care ' },
      {
        organization_name: 'Norte',
        organization_details: 'Cuidado',
        description_language_id: 3,
        translated_details: 'Care',
      },
    ],
    [
      { name: 'Norte', description: 'Cuidado', languageId: 3, translated: '' },
      {
        organization_name: 'Norte',
        organization_details: 'Cuidado',
        description_language_id: 3,
        translated_details: null,
      },
    ],
  ])('%j → %j', (values, expected) => {
    expect(toSubmission(values)).toEqual(expected);
  });

  it('takes its length limits from the contract', () => {
    expect(ORG_NAME_MAX).toBe(120);
    expect(ORG_DESCRIPTION_MAX).toBe(2000);
  });
});

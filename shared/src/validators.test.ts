import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  formErrors,
  isValidSearch,
  type PasswordStrength,
  passwordIsOld,
  passwordStrength,
  passwordStrengthLabel,
  registrationForm,
  resetPasswordForm,
  signInForm,
} from './validators.js';

const okRegistration = {
  name: 'nurse1',
  email: 'nurse@clinic.org',
  password: 'Secret1!',
  passwordConfirm: 'Secret1!',
  terms: true,
};

describe.each<[string, z.ZodType, [string, unknown, Record<string, string>][]]>([
  [
    'signInForm (000 §2.5, §5)',
    signInForm,
    [
      ['valid', { username: 'a.b@clinic.org', password: 'x' }, {}],
      ['upper-case address', { username: 'A.B@Clinic.ORG', password: 'x' }, {}],
      ['both empty', { username: '', password: '' }, { username: 'Required', password: 'Required' }],
      ['both missing', {}, { username: 'Required', password: 'Required' }],
      ['not strings', { username: 1, password: null }, { username: 'Required', password: 'Required' }],
      ['no @', { username: 'clinic.org', password: 'x' }, { username: 'Invalid email' }],
      ['no top-level domain', { username: 'a@clinic', password: 'x' }, { username: 'Invalid email' }],
      ['one-letter TLD', { username: 'a@clinic.o', password: 'x' }, { username: 'Invalid email' }],
      ['two-letter TLD', { username: 'a@clinic.uk', password: 'x' }, {}],
      ['four-letter TLD', { username: 'a@clinic.info', password: 'x' }, {}],
      ['five-letter TLD', { username: 'a@clinic.email', password: 'x' }, { username: 'Invalid email' }],
      ['digits in TLD', { username: 'a@clinic.c0m', password: 'x' }, { username: 'Invalid email' }],
      ['space', { username: 'a b@clinic.org', password: 'x' }, { username: 'Invalid email' }],
      ['password missing', { username: 'a@clinic.org' }, { password: 'Required' }],
      ['not an object', 'x', { '': 'Invalid input: expected object, received string' }],
    ],
  ],
  [
    'registrationForm (000 §2.6, §5)',
    registrationForm,
    [
      ['valid', okRegistration, {}],
      [
        'all empty',
        { name: '', email: '', password: '', passwordConfirm: '', terms: false },
        {
          name: 'Required',
          email: 'Required',
          password: 'Required',
          passwordConfirm: 'Required',
          terms: 'Required',
        },
      ],
      ['terms missing', { ...okRegistration, terms: undefined }, { terms: 'Required' }],
      ['terms false', { ...okRegistration, terms: false }, { terms: 'Required' }],
      ['bad email', { ...okRegistration, email: 'nurse@' }, { email: 'Invalid email' }],
      [
        'mismatch',
        { ...okRegistration, passwordConfirm: 'Secret2!' },
        { passwordConfirm: 'Passwords dont match' },
      ],
      [
        'mismatch with another error',
        { ...okRegistration, name: '', passwordConfirm: 'other' },
        { name: 'Required', passwordConfirm: 'Passwords dont match' },
      ],
      ['confirmation empty', { ...okRegistration, passwordConfirm: '' }, { passwordConfirm: 'Required' }],
      [
        'password empty',
        { ...okRegistration, password: '' },
        { password: 'Required', passwordConfirm: 'Passwords dont match' },
      ],
    ],
  ],
  [
    'resetPasswordForm (000 §2.6, §5)',
    resetPasswordForm,
    [
      ['valid', { email: 'a@b.co' }, {}],
      ['empty', { email: '' }, { email: 'Required' }],
      ['missing', {}, { email: 'Required' }],
      ['invalid', { email: 'a@b' }, { email: 'Invalid email' }],
    ],
  ],
])('%s', (_name, schema, rows) => {
  it.each(rows)('%s', (_case, values, errors) => {
    expect(formErrors(schema, values)).toEqual(errors);
  });
});

describe('isValidSearch (000 §5)', () => {
  it.each([
    ['patients', true],
    ['Billing Report', true],
    ['CPT 2', true],
    [' leads ', true],
    ['Médicos', true],
    ['', false],
    ['   ', false],
    ['billing-report', false],
    ['a/b', false],
    ['<script>', false],
    ['50%', false],
    ['tab\there', false],
    ['under_score', false],
  ])('%j → %s', (text, valid) => {
    expect(isValidSearch(text)).toBe(valid);
  });
});

describe('passwordStrength (001 §5)', () => {
  it.each<[string, PasswordStrength]>([
    ['', 0],
    ['a', 0],
    ['aB1!x', 0],
    ['Ab1!Ab1', 66],
    ['Ab1!Ab1!', 100],
    ['aB3$efgh', 100],
    ['ABCdef123^&*', 100],
    ['Abcdefg1', 66],
    ['Abc1234', 66],
    ['Abcdef', 66],
    ['abc123', 66],
    ['ABC123', 66],
    ['abcdef', 33],
    ['ABCDEFGH', 33],
    ['123456', 33],
    ['!!!!!!!!', 33],
    ['abcdef!!', 33],
    ['Abcdefg1?', 66],
    ['Abcdefg1_', 66],
    ['ábcdéf', 33],
  ])('%j → %i', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });

  it.each<[PasswordStrength, string]>([
    [100, 'Strong'],
    [66, 'Good'],
    [33, 'Weak'],
    [0, 'Too short'],
  ])('label of %i is %s', (strength, label) => {
    expect(passwordStrengthLabel(strength)).toBe(label);
  });
});

describe('passwordIsOld (000 §4.3: more than 45 days)', () => {
  it.each([
    [0, false],
    [44, false],
    [45, false],
    [46, true],
    [365, true],
  ])('%i days → %s', (days, old) => {
    expect(passwordIsOld(days)).toBe(old);
  });
});

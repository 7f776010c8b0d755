import { MSG } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { isValidMessage, liveMessageError, sendNotificationErrors } from './send-notification-rules';

describe('isValidMessage (000 §5)', () => {
  it.each([
    ['Hello', true],
    ['Call the patient_today 2 times', true],
    ['a', true],
    [' ', false], // only spaces: refused
    ['x'.repeat(300), true],
    ['', false],
    ['x'.repeat(301), false],
    ['Hello!', false],
    ['line\nbreak', false],
    ['tab\there', false],
    ['café', false],
    ['<b>hi</b>', false],
    ['50% done', false],
  ])('%j → %s', (message, valid) => {
    expect(isValidMessage(message)).toBe(valid);
  });
});

describe('liveMessageError', () => {
  it.each([
    ['', false, undefined],
    ['', true, MSG.messageLimit],
    ['Hi!', true, MSG.messageLimit],
    ['x'.repeat(301), true, MSG.messageLimit],
    ['Hi there', true, undefined],
  ])('%j (edited %s) → %s', (message, edited, expected) => {
    expect(liveMessageError(message, edited)).toBe(expected);
  });
});

describe('sendNotificationErrors', () => {
  it.each([
    [
      { roleId: '', userId: '', message: '' },
      { userType: MSG.userTypeNotSelected, user: MSG.userNotSelected, message: MSG.required },
    ],
    [{ roleId: '8', userId: '', message: 'Hi' }, { user: MSG.userNotSelected }],
    [{ roleId: '8', userId: '12', message: 'Hi?' }, { message: MSG.messageSpecialChars }],
    [{ roleId: '8', userId: '12', message: '   ' }, { message: MSG.required }],
    [{ roleId: '8', userId: '12', message: 'x'.repeat(301) }, { message: MSG.messageTooLong }],
    [{ roleId: '8', userId: '12', message: 'Please review readings' }, {}],
  ])('%j → %j', (values, expected) => {
    expect(sendNotificationErrors(values)).toEqual(expected);
  });
});

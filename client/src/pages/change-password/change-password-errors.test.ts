import { MSG } from '@rpm/shared';
import { describe, expect, it } from 'vitest';
import { changePasswordErrors } from './change-password-errors';

describe('changePasswordErrors', () => {
  it('requires all three fields', () => {
    expect(changePasswordErrors({ current: '', next: '', confirm: '' })).toEqual({
      current: MSG.required,
      next: MSG.required,
      confirm: MSG.required,
    });
  });

  it('needs the confirmation to equal the new password', () => {
    expect(changePasswordErrors({ current: 'Old1pass', next: 'New1pass', confirm: 'New1pas' })).toEqual({
      confirm: MSG.confirmPasswordMismatch,
    });
  });

  it('refuses a too-short new password', () => {
    expect(changePasswordErrors({ current: 'Old1pass', next: 'Ab1', confirm: 'Ab1' })).toEqual({
      next: MSG.newPasswordTooShort,
    });
  });

  it('refuses the current password as the new one', () => {
    expect(changePasswordErrors({ current: 'Same1pass', next: 'Same1pass', confirm: 'Same1pass' })).toEqual({
      next: MSG.newPasswordSame,
    });
  });

  it('accepts a valid change', () => {
    expect(changePasswordErrors({ current: 'Old1pass', next: 'New1pass!', confirm: 'New1pass!' })).toEqual(
      {},
    );
  });
});

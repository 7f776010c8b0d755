import { MSG } from '@rpm/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';

describe('ResetPasswordPage', () => {
  it('validates the e-mail and then points to the administrator', async () => {
    const user = userEvent.setup();
    renderAt('/reset-password');
    expect(await screen.findByRole('heading', { name: MSG.resetTitle })).toBeTruthy();
    const send = screen.getByRole('button', { name: MSG.sendResetLink });

    await user.click(send);
    expect(screen.getByText(MSG.required)).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'nope');
    expect(screen.getByText(MSG.invalidEmail)).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), '@clinic.test');
    await user.click(send);
    expect(screen.getByRole('status').textContent).toContain("organisation's administrator");
  });
});

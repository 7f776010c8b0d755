import { MSG } from '@rpm/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';

describe('RegisterPage', () => {
  it('validates on Continue and then says an administrator creates accounts', async () => {
    const user = userEvent.setup();
    renderAt('/register');
    expect(await screen.findByRole('heading', { name: MSG.registerTitle })).toBeTruthy();
    expect(screen.getByRole('tab', { name: MSG.registerWithEmail })).toBeTruthy();
    expect(screen.getByRole('link', { name: MSG.alreadyHaveAccount }).getAttribute('href')).toBe('/login');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText(MSG.required)).toHaveLength(5);

    await user.type(screen.getByLabelText(MSG.registerUsernameLabel), 'Dana');
    await user.type(screen.getByLabelText('Email'), 'dana@clinic.test');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret1?');
    expect(screen.getByText(MSG.passwordsDontMatch)).toBeTruthy();
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret1!');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('status').textContent).toContain("organisation's administrator");
  });

  it('has three disabled placeholder social buttons', async () => {
    const user = userEvent.setup();
    renderAt('/register');
    await user.click(await screen.findByRole('tab', { name: MSG.registerWithSocialMedia }));
    const buttons = ['Google', 'Facebook', 'Twitter'].map((name) => screen.getByRole('button', { name }));
    expect(buttons.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
  });
});

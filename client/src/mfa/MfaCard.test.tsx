import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { MfaCard } from './MfaCard';

describe('MfaCard (issue 11 "Add": multi-factor sign-in on the profile)', () => {
  it('sets up with a QR code, shows the recovery codes once, then turns off only with a valid code', async () => {
    storeUser();
    let enrolled = false;
    const sent: { url: string; body: unknown }[] = [];
    mockFetch((url, init) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ url, body });
      if (url === '/api/rpm/auth/mfa/status')
        return json({ enrolled, required: false, recovery_codes_left: enrolled ? 10 : 0 });
      if (url === '/api/rpm/auth/mfa/begin')
        return json({ secret: 'KEYKEYKEY', uri: 'otpauth://totp/x', qr: 'data:image/png;base64,AAAA' });
      if (url === '/api/rpm/auth/mfa/confirm') {
        enrolled = true;
        return json({ status: 1, message: 'ok', recovery_codes: ['aaaaa-bbbbb'] });
      }
      if (body.code !== '222222')
        return json({ status: 400, message: 'Invalid authentication code', field: 'code' }, 400);
      enrolled = false;
      return json({ status: 1, message: 'off' });
    });
    const user = userEvent.setup();
    renderWithProviders(<MfaCard />);

    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    await user.type(screen.getByLabelText('Authentication code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('list', { name: 'Recovery codes' })).textContent).toBe('aaaaa-bbbbb');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(/Recovery codes left: 10\./)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();

    const off = within(screen.getByRole('form', { name: 'Turn off' }));
    await user.type(off.getByLabelText('Authentication code'), '999999');
    await user.click(off.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('*Invalid authentication code')).toBeTruthy();
    await user.clear(off.getByLabelText('Authentication code'));
    await user.type(off.getByLabelText('Authentication code'), '222222');
    await user.click(off.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set up' })).toBeTruthy());
    expect(sent.filter((s) => s.url === '/api/rpm/auth/mfa/confirm').map((s) => s.body)).toEqual([
      { code: '111111' },
    ]);
  });

  it('offers no turning off when the role requires it', async () => {
    storeUser();
    mockFetch(() => json({ enrolled: true, required: true, recovery_codes_left: 3 }));
    renderWithProviders(<MfaCard />);
    expect(await screen.findByText(/Recovery codes left: 3\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
  });
});

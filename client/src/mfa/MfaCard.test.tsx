import { beginMfaEnrolment, confirmMfaEnrolment, disableMfa, getMfaStatus } from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorAnswer, fakeServer } from '../test/fake-server';
import { storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { MfaCard } from './MfaCard';

describe('MfaCard (issue 11 "Add": multi-factor sign-in on the profile)', () => {
  it('sets up with a QR code, shows the recovery codes once, then turns off only with a valid code', async () => {
    storeUser();
    let enrolled = false;
    const server = fakeServer()
      .on(getMfaStatus, () => ({ enrolled, required: false, recovery_codes_left: enrolled ? 10 : 0 }))
      .on(beginMfaEnrolment, {
        secret: 'KEYKEYKEY',
        uri: 'otpauth://totp/x',
        qr: 'data:image/png;base64,AAAA',
      })
      .on(confirmMfaEnrolment, () => {
        enrolled = true;
        return { status: 1 as const, message: 'ok', recovery_codes: ['aaaaa-bbbbb'] };
      })
      .on(disableMfa, ({ body }) => {
        if (body.code !== '222222') return errorAnswer(400, 'Invalid authentication code', 'code');
        enrolled = false;
        return { status: 1 as const, message: 'off' };
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
    expect(server.bodies(confirmMfaEnrolment)).toEqual([{ code: '111111' }]);
  });

  it('offers no turning off when the role requires it', async () => {
    storeUser();
    fakeServer().on(getMfaStatus, { enrolled: true, required: true, recovery_codes_left: 3 });
    renderWithProviders(<MfaCard />);
    expect(await screen.findByText(/Recovery codes left: 3\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
  });
});

import { alertTitle, getUsers, getUserTypes, MSG, SNACKBAR_SHORT_MS, sendNotification } from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorAnswer, type FakeAnswer, type FakeServer, fakeServer, requestLine } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { showToast } from '../toaster/toast';
import { SendNotificationDialog } from './SendNotificationDialog';

vi.mock('../toaster/toast', () => ({ showToast: vi.fn(async () => undefined) }));

type Send = () => FakeAnswer<typeof sendNotification> | Response;

function serve(send: Send = () => ({ status: true, message: 'Notification sent' })) {
  return fakeServer()
    .on(getUserTypes, {
      status: 1,
      data: [
        { role_id: 2, role: 'Physician' },
        { role_id: 8, role: 'Nurse' },
      ],
    })
    .on(getUsers, {
      status: 1,
      data: [
        { user_id: 12, name: 'Pat Physician' },
        { user_id: 13, name: 'Sam Doctor' },
      ],
    })
    .on(sendNotification, send);
}

async function setup(send?: Send) {
  storeUser(makeUser({ user_id: 42, data: { ...makeUser().data, organization_id: 7 } }));
  const server = serve(send);
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<SendNotificationDialog isOpen onClose={onClose} />, '/app/dashboard');
  await screen.findByRole('option', { name: 'Nurse' });
  const fields = {
    type: screen.getByLabelText(MSG.userType) as HTMLSelectElement,
    user: screen.getByLabelText(MSG.users) as HTMLSelectElement,
    message: screen.getByLabelText(MSG.message) as HTMLTextAreaElement,
    save: screen.getByRole('button', { name: MSG.save }),
  };
  return { server, onClose, user, fields };
}

function sent(server: FakeServer) {
  return server.requests(sendNotification);
}

describe('SendNotificationDialog', () => {
  it("is titled 'Vital Configuration' with User Type, Users, Message, Save and Close", async () => {
    await setup();
    expect(screen.getByRole('dialog', { name: MSG.vitalConfiguration })).toBeTruthy();
    expect(screen.getByRole('button', { name: MSG.close })).toBeTruthy();
  });

  it('names every missing field on Save and sends nothing', async () => {
    const { server, user, fields } = await setup();
    await user.click(fields.save);
    expect(screen.getByText(MSG.userTypeNotSelected)).toBeTruthy();
    expect(screen.getByText(MSG.userNotSelected)).toBeTruthy();
    expect(screen.getByText(MSG.required)).toBeTruthy();
    expect(sent(server)).toHaveLength(0);
  });

  it("says 'Max character limit is 300' live while the message breaks the rule", async () => {
    const { user, fields } = await setup();
    expect(screen.queryByText(MSG.messageLimit)).toBeNull();
    await user.type(fields.message, 'Hello');
    expect(screen.queryByText(MSG.messageLimit)).toBeNull();
    await user.type(fields.message, '!');
    expect(screen.getByText(MSG.messageLimit)).toBeTruthy();
    await user.type(fields.message, '{Backspace}');
    expect(screen.queryByText(MSG.messageLimit)).toBeNull();
    await user.clear(fields.message);
    expect(screen.getByText(MSG.messageLimit)).toBeTruthy();
  });

  it('flags a message over 300 characters on Save', async () => {
    const { server, user, fields } = await setup();
    await user.selectOptions(fields.type, 'Nurse');
    await user.selectOptions(fields.user, await screen.findByRole('option', { name: 'Sam Doctor' }));
    await user.click(fields.message);
    await user.paste('x'.repeat(301));
    await user.click(fields.save);
    expect(screen.getByText(MSG.messageTooLong)).toBeTruthy();
    expect(sent(server)).toHaveLength(0);
  });

  it("loads the type's users in the sender's organisation, sends, toasts and closes on status true", async () => {
    const { server, onClose, user, fields } = await setup();
    expect(fields.user.disabled).toBe(true);
    await user.selectOptions(fields.type, 'Nurse');
    await user.selectOptions(fields.user, await screen.findByRole('option', { name: 'Pat Physician' }));
    await user.type(fields.message, 'Please review readings');
    await user.click(fields.save);

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.lines()).toContain(
      requestLine(getUsers, { query: { role_id: 8, user_id: 42, org_id: 7 } }),
    );
    expect(sent(server)[0]?.body).toEqual({
      user_id_from: 42,
      user_id_to: 12,
      message: 'Please review readings',
    });
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Notification sent', timeout: SNACKBAR_SHORT_MS }),
    );
  });

  it('keeps the dialog open with the reason on status false', async () => {
    const { onClose, user, fields } = await setup(() => ({ status: false, message: 'User is inactive' }));
    await user.selectOptions(fields.type, 'Nurse');
    await user.selectOptions(fields.user, await screen.findByRole('option', { name: 'Pat Physician' }));
    await user.type(fields.message, 'Hi');
    await user.click(fields.save);
    expect(await screen.findByText('User is inactive')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('on failure shows the error dialog and closes after it is dismissed', async () => {
    const { onClose, user, fields } = await setup(() => errorAnswer(403, 'Not in your organisation'));
    await user.selectOptions(fields.type, 'Nurse');
    await user.selectOptions(fields.user, await screen.findByRole('option', { name: 'Pat Physician' }));
    await user.type(fields.message, 'Hi');
    await user.click(fields.save);

    const alert = await screen.findByRole('alertdialog', { name: alertTitle(403) });
    expect(alert.textContent).toContain('Not in your organisation');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(alert).getByRole('button', { name: MSG.close }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('Close closes without sending', async () => {
    const { server, onClose, user } = await setup();
    await user.click(screen.getByRole('button', { name: MSG.close }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(sent(server)).toHaveLength(0);
  });
});

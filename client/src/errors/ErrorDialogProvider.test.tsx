import { alertTitle, checkSession, isAlive, MSG } from '@rpm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { readLastActivity, setLastActivity } from '../session/storage';
import { fakeServer } from '../test/fake-server';
import { storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { type AlertRequest, type ErrorContext, useAlert, useApi } from './ErrorDialogProvider';

function CallsOnMount({ context }: { readonly context?: ErrorContext }) {
  const api = useApi();
  useEffect(() => {
    api.call(isAlive, {}, context ? { context } : {}).catch(() => undefined);
  }, [api, context]);
  return <p>page</p>;
}

function AlertsOnClick({
  request,
  onSettled,
}: {
  readonly request: AlertRequest;
  readonly onSettled: () => void;
}) {
  const showAlert = useAlert();
  return (
    <button type="button" onClick={() => void showAlert(request).then(onSettled)}>
      raise
    </button>
  );
}

/** Shows two errors at once and records when each caller's promise settles. */
function ShowsTwo({ settled }: { readonly settled: string[] }) {
  const { showError } = useApi();
  useEffect(() => {
    void showError({ status: 500, message: 'first' }).then(() => settled.push('first'));
    void showError({ status: 502, message: 'second' }).then(() => settled.push('second'));
  }, [showError, settled]);
  return null;
}

describe('ErrorDialogProvider', () => {
  it.each([MSG.loggedInElsewhere, MSG.pastSessionExpired])(
    'on a 401 "%s" shows the alert, and Close ends the session and goes to /',
    async (message) => {
      storeUser();
      setLastActivity(123);
      // Close ends the session: the logout call meets the same 401.
      fakeServer().fail(isAlive, 401, message).fail(checkSession, 401, message);
      const user = userEvent.setup();
      const { path } = renderWithProviders(<CallsOnMount />, '/app/dashboard');

      const dialog = await screen.findByRole('alertdialog', { name: alertTitle(401) });
      expect(dialog.textContent).toContain(message);
      await user.click(screen.getByRole('button', { name: MSG.close }));

      await waitFor(() => expect(path()).toBe('/'));
      expect(localStorage.length).toBe(0);
      expect(readLastActivity()).toBeNull();
      expect(screen.queryByRole('alertdialog')).toBeNull();
    },
  );

  it('shows other failures with their status and message; Close only closes', async () => {
    storeUser();
    fakeServer().fail(isAlive, 403, 'Not your patient');
    const user = userEvent.setup();
    const { path } = renderWithProviders(<CallsOnMount />, '/app/dashboard');

    const dialog = await screen.findByRole('alertdialog', { name: 'Alert - 403' });
    expect(dialog.textContent).toContain('Not your patient');
    await user.click(screen.getByRole('button', { name: MSG.close }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(path()).toBe('/app/dashboard');
    expect(localStorage.length).toBe(1);
  });

  it('showError settles once the dialog is closed (000 §4.8), for every caller waiting', async () => {
    const settled: string[] = [];
    const user = userEvent.setup();
    renderWithProviders(<ShowsTwo settled={settled} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Alert - 500' });
    expect(dialog.textContent).toContain('first');
    expect(settled).toEqual([]);
    await user.click(screen.getByRole('button', { name: MSG.close }));
    await waitFor(() => expect(settled).toEqual(['first', 'second']));
  });

  it('offers Reload when the server cannot be reached', async () => {
    fakeServer().offline(isAlive);
    renderWithProviders(<CallsOnMount />);
    const dialog = await screen.findByRole('alertdialog', { name: MSG.alert });
    expect(dialog.textContent).toContain(MSG.cantConnect);
    expect(screen.getByRole('button', { name: MSG.reload })).toBeTruthy();
  });

  it("offers 'Map Patient' for a 403 while mapping a patient; it opens the patient list", async () => {
    storeUser();
    fakeServer().fail(isAlive, 403, 'Patient is not mapped to you');
    const user = userEvent.setup();
    const { path } = renderWithProviders(
      <CallsOnMount context="patient-mapping" />,
      '/app/patient-chart/overview/5',
    );

    const dialog = await screen.findByRole('alertdialog', { name: 'Alert - 403' });
    expect(dialog.textContent).toContain('Patient is not mapped to you');
    expect(screen.queryByRole('button', { name: MSG.close })).toBeNull();
    await user.click(screen.getByRole('button', { name: MSG.mapPatient }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(path()).toBe('/app/patients');
  });

  it.each([404, 500])(
    'keeps Close for a %i in the patient-mapping context (only a 403 maps)',
    async (status) => {
      storeUser();
      fakeServer().fail(isAlive, status, 'No');
      renderWithProviders(<CallsOnMount context="patient-mapping" />, '/app/dashboard');
      await screen.findByRole('alertdialog', { name: `Alert - ${status}` });
      expect(screen.getByRole('button', { name: MSG.close })).toBeTruthy();
      expect(screen.queryByRole('button', { name: MSG.mapPatient })).toBeNull();
    },
  );

  it('the generic Alert has OK, and settles when closed', async () => {
    const user = userEvent.setup();
    const settled = vi.fn();
    renderWithProviders(<AlertsOnClick request={{ message: MSG.searchInvalid }} onSettled={settled} />);
    await user.click(screen.getByRole('button', { name: 'raise' }));
    const dialog = await screen.findByRole('alertdialog', { name: MSG.alert });
    expect(dialog.textContent).toContain(MSG.searchInvalid);
    expect(screen.queryByRole('button', { name: MSG.goToEvent })).toBeNull();
    await user.click(screen.getByRole('button', { name: MSG.ok }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(settled).toHaveBeenCalledOnce();
  });

  it("the generic Alert offers 'Go To Event' when a conflicting event exists", async () => {
    const user = userEvent.setup();
    const goToEvent = vi.fn();
    const settled = vi.fn();
    renderWithProviders(
      <AlertsOnClick
        request={{ message: 'The slot is taken', onGoToEvent: goToEvent }}
        onSettled={settled}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'raise' }));
    await user.click(await screen.findByRole('button', { name: MSG.goToEvent }));
    expect(goToEvent).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(settled).toHaveBeenCalledOnce();
  });
});

import {
  endCall,
  getPatientIdByMobile,
  getPatientsByMobile,
  logCallMinutes,
  type PatientMatch,
  setCallStatus,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionMachinesProvider } from '../machines/SessionMachines';
import { fakeServer } from '../test/fake-server';
import { makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { serveShellCalls } from '../test/shell-calls';
import { CallPanel } from './CallPanel';
import { CallPatientButton } from './CallPatientButton';
import { type DemoCentre, demoCentre } from './demo-centre';
import type { TabEnvironment } from './tab-coordinator';

vi.setConfig({ testTimeout: 20_000 });

const CALL_LINK = 'https://demo-clinic.my.connect.aws/ccp-v2';

/** A browser with this one tab: the softphone lock is granted at once and held until released. */
function oneTab(): TabEnvironment {
  return {
    locks: {
      request: ((_name: string, _options: LockOptions, grant: () => Promise<void> | undefined) =>
        Promise.resolve(grant())) as LockManager['request'],
    },
    channel: { onmessage: null, postMessage: () => {}, close: () => {} },
    storage: { getItem: () => null, setItem: () => {} },
    newId: () => 'tab-1',
  };
}

let centre: DemoCentre;
const makeCentre = async () => centre;
const patient = { patient_id: 77, mobile: '(919) 555-0777', phone: '312-555-0188' };
/** Patients a lookup answers. */
const match = (patient_id: number, firstname: string, mrn: string | null): PatientMatch => ({
  patient_id,
  firstname,
  lastname: 'HILL',
  dob: patient_id === 77 ? '1950-03-14' : '1978-06-01',
  mrn,
  practice_name: 'Northwind Family Practice',
});

/** Inside the signed-in frame (the temporary-login state decides the panel too), which makes its own calls. */
function renderSignedIn(ui: ReactElement) {
  return renderWithProviders(<SessionMachinesProvider>{ui}</SessionMachinesProvider>, '/app/dashboard');
}

function renderPanel() {
  return renderSignedIn(
    <>
      <CallPanel tabs={oneTab} centre={makeCentre} />
      <CallPatientButton patient={patient} />
    </>,
  );
}

const serve = () => serveShellCalls(fakeServer());

beforeEach(() => {
  centre = demoCentre();
  storeUser(makeUser({ aws_link: CALL_LINK }));
});
afterEach(() => vi.restoreAllMocks());

describe('CallPanel (000 §2.12, §4.9)', () => {
  it('shows nothing, and the chart no call button, for a user without a call link or a temporary login', () => {
    storeUser(makeUser({ aws_link: '  ' }));
    serve();
    renderPanel();
    expect(screen.queryByRole('region', { name: 'Call panel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Call patient' })).toBeNull();
  });

  it('prompts for an inbound caller found by number, opens the chart in a new window, reports Accepted and offers the minutes', async () => {
    const server = serve()
      .on(getPatientsByMobile, { status: 1, data: [match(77, 'ROSA', 'M100023')] })
      .on(setCallStatus, { status: 1, message: 'ok', data: { call_id: 5 } })
      .on(endCall, { status: 1, message: 'ok', data: { call_id: 5, duration_seconds: 61 } })
      .on(logCallMinutes, { status: 1, message: 'ok', data: { minutes: 2 } });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Call panel' });
    expect(await screen.findByText('Demo contact centre')).toBeTruthy();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Caller's number"), '+19195550777');
    await user.click(screen.getByRole('button', { name: 'Simulate incoming call' }));
    // The lookup goes without the +1 (000 §5).
    expect(await screen.findByText('open patient chart with patient id 77')).toBeTruthy();
    expect(server.last(getPatientsByMobile)?.query).toEqual({ mobileNumber: '9195550777' });
    expect(server.requests(setCallStatus)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Answer' }));
    await waitFor(() => expect(server.requests(setCallStatus)).toHaveLength(1));
    expect(server.last(setCallStatus)?.body).toMatchObject({
      patient_id: 77,
      phone_number: '+19195550777',
      agent_name: 'Dana Nurse',
      status: 'Accepted',
    });
    expect(panel.textContent).toContain('Call in progress');

    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(open).toHaveBeenCalledWith('/app/patient-chart/overview/77', '_blank', 'noopener');
    expect(screen.queryByText('open patient chart with patient id 77')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Hang up' }));
    // 61 s are offered as 2 whole minutes, as logCallMinutes rounds them up.
    expect(await screen.findByText("Log this call's 2 min as")).toBeTruthy();
    const reported = server.last(setCallStatus)?.body;
    expect(server.last(endCall)?.body).toEqual({ contract_id: reported?.contract_id });
    await user.click(screen.getByRole('button', { name: 'RPM' }));
    expect((await screen.findByRole('status')).textContent).toBe('2 min logged');
    expect(server.last(logCallMinutes)?.body).toEqual({ call_id: 5, program: 'RPM' });
    expect(screen.queryByText("Log this call's 2 min as")).toBeNull();
  });

  it('asks nothing for a caller the lookup does not find, and a missed call is reported Missed without an offer', async () => {
    const server = serve()
      .on(getPatientsByMobile, { status: 1, data: [] })
      .on(setCallStatus, { status: 1, message: 'ok', data: { call_id: 6 } });
    renderPanel();
    await screen.findByText('Demo contact centre');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Caller's number"), '8885550100');
    await user.click(screen.getByRole('button', { name: 'Simulate incoming call' }));
    await waitFor(() => expect(server.requests(getPatientsByMobile)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Let it ring out' }));
    await waitFor(() => expect(server.requests(setCallStatus)).toHaveLength(1));
    expect(server.last(setCallStatus)?.body).toMatchObject({
      patient_id: null,
      phone_number: '+18885550100',
      status: 'Missed',
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText(/Log this call's/)).toBeNull();
    // Back to idle: another call can be simulated.
    expect(screen.getByRole('button', { name: 'Simulate incoming call' })).toBeTruthy();
  });
});

describe('a number several patients share (issue 38 §2)', () => {
  async function ring(server: ReturnType<typeof serve>) {
    server.on(setCallStatus, { status: 1, message: 'ok', data: { call_id: 8 } });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPanel();
    await screen.findByText('Demo contact centre');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Caller's number"), '+19195550777');
    await user.click(screen.getByRole('button', { name: 'Simulate incoming call' }));
    return { open, user };
  }

  it('lists them by name, DOB and MRN or RPM ID; the agent chooses, and the call is recorded with that patient', async () => {
    const server = serve().on(getPatientsByMobile, {
      status: 1,
      data: [match(77, 'ROSA', 'M100023'), match(78, 'ROSE', null)],
    });
    const { open, user } = await ring(server);
    const prompt = await screen.findByRole('alertdialog', {
      name: '2 patients have this number. Open whose chart?',
    });
    const choices = within(prompt).getAllByRole('listitem');
    expect(choices.map((c) => c.textContent)).toEqual([
      'HILL, ROSADOB 03/14/1950 · MRN M100023Northwind Family Practice',
      'HILL, ROSEDOB 06/01/1978 · RPM ID 78Northwind Family Practice',
    ]);
    expect(screen.queryByText(/open patient chart with patient id/)).toBeNull();
    await user.click(within(prompt).getByRole('button', { name: /HILL, ROSE/ }));
    expect(open).toHaveBeenCalledWith('/app/patient-chart/overview/78', '_blank', 'noopener');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Answer' }));
    await waitFor(() => expect(server.requests(setCallStatus)).toHaveLength(1));
    expect(server.last(setCallStatus)?.body).toMatchObject({ patient_id: 78, status: 'Accepted' });
  });

  it("falls back to the spec's single answer where the list call fails (an upstream of the spec's calls)", async () => {
    const server = serve()
      .fail(getPatientsByMobile, 404, 'Not found')
      .on(getPatientIdByMobile, { status: 1, message: 'ok', data: { patient_id: 77 } });
    await ring(server);
    expect(await screen.findByText('open patient chart with patient id 77')).toBeTruthy();
  });
});

describe('CallPatientButton (000 §5, §4.9)', () => {
  it("dials +1 and the patient's mobile through the panel and reports Called with the patient", async () => {
    const server = serve().on(setCallStatus, { status: 1, message: 'ok', data: { call_id: 7 } });
    const events: unknown[] = [];
    const listen = (event: Event) => events.push([event.type, (event as CustomEvent).detail]);
    window.addEventListener('make_task_call_mobile', listen);
    try {
      renderPanel();
      await screen.findByText('Demo contact centre');
      await userEvent.setup().click(screen.getByRole('button', { name: 'Call patient' }));
      expect(events).toEqual([['make_task_call_mobile', { patient_id: 77, number: '9195550777' }]]);
      await waitFor(() => expect(server.requests(setCallStatus)).toHaveLength(1));
      expect(server.last(setCallStatus)?.body).toMatchObject({
        patient_id: 77,
        phone_number: '+19195550777',
        status: 'Called',
      });
      expect(centre.snapshot().line).toBe('talking');
    } finally {
      window.removeEventListener('make_task_call_mobile', listen);
    }
  });

  it('calls the phone number when the patient has no mobile, and is absent without either number', async () => {
    serve();
    const events: unknown[] = [];
    const listen = (event: Event) => events.push([event.type, (event as CustomEvent).detail]);
    window.addEventListener('make_task_call_phone', listen);
    try {
      const { unmount } = renderSignedIn(
        <CallPatientButton patient={{ patient_id: 8, mobile: null, phone: '+1 312 555 0188' }} />,
      );
      await userEvent.setup().click(screen.getByRole('button', { name: 'Call patient' }));
      expect(events).toEqual([['make_task_call_phone', { patient_id: 8, number: '3125550188' }]]);
      unmount();
      renderSignedIn(<CallPatientButton patient={{ patient_id: 8, mobile: '555-01', phone: null }} />);
      expect(screen.queryByRole('button', { name: 'Call patient' })).toBeNull();
    } finally {
      window.removeEventListener('make_task_call_phone', listen);
    }
  });
});

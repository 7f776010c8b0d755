import { Button, ButtonGroup, Callout, InputGroup, Tag } from '@blueprintjs/core';
import { agentPresence, holdsSoftphone, type TabCoordinationSnapshot } from '@rpm/machines';
import { type StoredUser, TIMER_PROGRAMS } from '@rpm/shared';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useCallPanelShown, useCallPanelUser } from '../shell/call-panel-toggle';
import { CallerChoice } from './CallerChoice';
import { CALL_TEXT } from './call-texts';
import type { ContactCentre } from './contact-centre';
import { type DemoCentre, demoCentre } from './demo-centre';
import { loadStreams, streamsCentre } from './streams-centre';
import {
  startTabCoordinator,
  TABS_CHANNEL,
  type TabCoordinator,
  type TabEnvironment,
} from './tab-coordinator';
import { tabCallOf, useSoftphone } from './use-softphone';
import './calls.css';

/** The window events of 000 §4.9 that start an outbound call; detail `{ patient_id, number }`. */
export const CALL_EVENTS = ['make_task_call_mobile', 'make_task_call_phone'] as const;

/**
 * Without Web Locks (an insecure http: origin, or jsdom) each tab holds its own softphone: the lock is granted at
 * once and kept (decisions.md "One softphone across tabs").
 */
const soleTabLocks: TabEnvironment['locks'] = {
  request: ((_name: string, ...args: unknown[]) => {
    const callback = args[args.length - 1] as (lock: Lock | null) => unknown;
    return Promise.resolve().then(() => callback(null));
  }) as LockManager['request'],
};

/** The browser's side of the tab coordination. */
function browserTabs(): TabEnvironment {
  return {
    locks: typeof navigator.locks?.request === 'function' ? navigator.locks : soleTabLocks,
    channel: new BroadcastChannel(TABS_CHANNEL),
    storage: sessionStorage,
    newId: () => crypto.randomUUID(),
  };
}

/** Options tests use to put fakes in place of the browser and the contact centre. */
export interface CallPanelProps {
  readonly tabs?: () => TabEnvironment;
  readonly centre?: (user: StoredUser) => Promise<ContactCentre>;
  /** 000 §4.9: the sidebar variant's longer blur delay. */
  readonly sidebar?: boolean;
}

/** The demo simulator when the server says so, else Amazon Connect from the user's aws_link (decisions.md "Demo contact centre"). */
async function defaultCentre(user: StoredUser): Promise<ContactCentre> {
  if (user.call_simulator === 1) return demoCentre();
  return streamsCentre(await loadStreams(), (user.aws_link ?? '').trim());
}

/**
 * The call panel (000 §2.12): for a user with a call link or a temporary login, while shown in this tab. Exactly one
 * tab of the browser holds the softphone (000 §4.10); the others show its call and can take it over or ask it to
 * dial. The chart's call button dispatches the 000 §4.9 window events, which any tab passes on.
 */
export function CallPanel(props: CallPanelProps) {
  const user = useCallPanelUser();
  const shown = useCallPanelShown();
  if (!user) return null;
  return <Tabs user={user} shown={shown} {...props} />;
}

function Tabs({
  user,
  shown,
  tabs = browserTabs,
  centre,
  sidebar = false,
}: CallPanelProps & { user: StoredUser; shown: boolean }) {
  const dialRef = useRef<(number: string, patientId: number | null) => void>(() => {});
  const [coordinator, setCoordinator] = useState<TabCoordinator | null>(null);
  useEffect(() => {
    const started = startTabCoordinator(tabs(), (number, patientId) => dialRef.current(number, patientId));
    setCoordinator(started.actor);
    const send = (type: 'FOCUS' | 'BLUR' | 'UNLOAD') => () => started.actor.send({ type });
    const onFocus = send('FOCUS');
    const onBlur = send('BLUR');
    const onHide = send('UNLOAD');
    const onCall = (event: Event) => {
      const detail = (event as CustomEvent<{ patient_id?: number; number?: string }>).detail;
      if (typeof detail?.number !== 'string') return;
      started.actor.send({ type: 'DIAL', number: detail.number, patientId: detail.patient_id ?? null });
    };
    window.addEventListener('focus', onFocus);
    window.addEventListener('blur', onBlur);
    window.addEventListener('pagehide', onHide);
    for (const name of CALL_EVENTS) window.addEventListener(name, onCall);
    return () => {
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('pagehide', onHide);
      for (const name of CALL_EVENTS) window.removeEventListener(name, onCall);
      started.stop();
    };
  }, [tabs]);
  if (coordinator === null) return null;
  return (
    <Coordinated
      user={user}
      shown={shown}
      coordinator={coordinator}
      dialRef={dialRef}
      makeCentre={centre ?? defaultCentre}
      sidebar={sidebar}
    />
  );
}

interface CoordinatedProps {
  readonly user: StoredUser;
  readonly shown: boolean;
  readonly coordinator: TabCoordinator;
  readonly dialRef: { current: (number: string, patientId: number | null) => void };
  readonly makeCentre: (user: StoredUser) => Promise<ContactCentre>;
  readonly sidebar: boolean;
}

const holds = (s: TabCoordinationSnapshot) => holdsSoftphone(s);

function Coordinated({ user, shown, coordinator, dialRef, makeCentre, sidebar }: CoordinatedProps) {
  const holding = useSelector(coordinator, holds);
  const remote = useSelector(coordinator, (s) => s.context.call);
  const [centre, setCentre] = useState<ContactCentre | null>(null);
  // The library loads only in the tab that holds the softphone, and goes when the tab hands it over.
  useEffect(() => {
    if (!holding) return;
    let live = true;
    let made: ContactCentre | null = null;
    makeCentre(user).then((c) => {
      made = c;
      if (live) setCentre(c);
      else c.stop();
    });
    return () => {
      live = false;
      made?.stop();
      setCentre(null);
    };
  }, [holding, makeCentre, user]);

  return (
    <section className="call-panel" hidden={!shown} aria-label="Call panel">
      {holding && centre !== null ? (
        <Softphone
          user={user}
          centre={centre}
          coordinator={coordinator}
          dialRef={dialRef}
          sidebar={sidebar}
        />
      ) : holding ? null : (
        <div className="call-panel-remote">
          <p>{CALL_TEXT.otherTab}</p>
          {remote && <Tag minimal>{remote.calling ? CALL_TEXT.inProgress : remote.presence}</Tag>}
          <Button disabled={remote?.calling ?? false} onClick={() => coordinator.send({ type: 'TAKE' })}>
            {CALL_TEXT.takeHere}
          </Button>
        </div>
      )}
    </section>
  );
}

interface SoftphoneProps {
  readonly user: StoredUser;
  readonly centre: ContactCentre;
  readonly coordinator: TabCoordinator;
  readonly dialRef: CoordinatedProps['dialRef'];
  readonly sidebar: boolean;
}

function Softphone({ user, centre, coordinator, dialRef, sidebar }: SoftphoneProps) {
  const container = useRef<HTMLDivElement>(null);
  const phone = useSoftphone(centre, user.name, sidebar, () => coordinator.send({ type: 'CALL_BLUR' }));
  const snapshot = useSelector(phone, (s) => s);
  useEffect(() => {
    dialRef.current = (number, patientId) => phone.send({ type: 'DIAL', number, patientId });
    if (container.current) centre.start(container.current, (event) => phone.send(event));
  }, [centre, phone, dialRef]);
  useEffect(() => {
    coordinator.send({ type: 'CALL_STATE', call: tabCallOf(snapshot) });
  }, [coordinator, snapshot]);
  const { promptPatientId, promptChoices, offer, calling, loggedMinutes } = snapshot.context;
  const demo = isDemo(centre) ? centre : null;
  return (
    <div className="call-panel-softphone">
      <div className="call-panel-status">
        {demo && <Tag intent="warning">{CALL_TEXT.demoLabel}</Tag>}
        <Tag minimal>{agentPresence(snapshot)}</Tag>
        {calling && <Tag intent="success">{CALL_TEXT.inProgress}</Tag>}
      </div>
      {promptPatientId !== null && (
        <Callout intent="primary" role="alertdialog">
          <p>{CALL_TEXT.prompt(promptPatientId)}</p>
          <ButtonGroup>
            <Button intent="primary" onClick={() => phone.send({ type: 'PROMPT_ACCEPT' })}>
              {CALL_TEXT.open}
            </Button>
            <Button onClick={() => phone.send({ type: 'PROMPT_DISMISS' })}>{CALL_TEXT.dismiss}</Button>
          </ButtonGroup>
        </Callout>
      )}
      {promptChoices.length > 0 && (
        <CallerChoice
          patients={promptChoices}
          onChoose={(patientId) => phone.send({ type: 'PROMPT_CHOOSE', patientId })}
          onDismiss={() => phone.send({ type: 'PROMPT_DISMISS' })}
        />
      )}
      {offer !== null && (
        <Callout intent="success">
          <p>{CALL_TEXT.logMinutes(wholeMinutes(offer.durationSeconds))}</p>
          <ButtonGroup>
            {TIMER_PROGRAMS.map((program) => (
              <Button key={program} onClick={() => phone.send({ type: 'LOG_MINUTES', program })}>
                {program}
              </Button>
            ))}
            <Button onClick={() => phone.send({ type: 'SKIP_MINUTES' })}>{CALL_TEXT.skipMinutes}</Button>
          </ButtonGroup>
        </Callout>
      )}
      {offer === null && loggedMinutes !== null && (
        <p role="status">{CALL_TEXT.minutesLogged(loggedMinutes)}</p>
      )}
      {demo ? <DemoControls demo={demo} /> : null}
      <div ref={container} className="call-panel-ccp" />
    </div>
  );
}

/** logCallMinutes logs whole minutes, rounded up (shared/src/api/calls.ts); the offer says the same number. */
function wholeMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

function isDemo(centre: ContactCentre): centre is DemoCentre {
  return 'ring' in centre;
}

/** The simulator's controls: a simulated inbound call from a number, answer, ring out, hang up. */
function DemoControls({ demo }: { demo: DemoCentre }) {
  const line = useSyncExternalStore(demo.subscribe, demo.snapshot);
  const [caller, setCaller] = useState('');
  return (
    <div className="call-panel-demo">
      {line.line === 'idle' && (
        <>
          <InputGroup
            aria-label={CALL_TEXT.callerNumber}
            placeholder={CALL_TEXT.callerNumber}
            value={caller}
            onValueChange={setCaller}
          />
          <Button onClick={() => demo.ring(caller.trim())} disabled={caller.trim() === ''}>
            {CALL_TEXT.ring}
          </Button>
        </>
      )}
      {line.line === 'ringing' && (
        <ButtonGroup>
          <Button intent="success" onClick={demo.answer}>
            {CALL_TEXT.answer}
          </Button>
          <Button onClick={demo.miss}>{CALL_TEXT.miss}</Button>
        </ButtonGroup>
      )}
      {line.line === 'talking' && (
        <Button intent="danger" onClick={demo.hangUp}>
          {CALL_TEXT.hangUp}
        </Button>
      )}
    </div>
  );
}

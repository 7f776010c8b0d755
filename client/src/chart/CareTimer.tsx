import { Button, HTMLSelect, Intent, Switch, Tag } from '@blueprintjs/core';
import { careTimerMachine, type TimerStopChoice } from '@rpm/machines';
import {
  countedSeconds,
  getRunningTimer,
  pauseActivityTimer,
  resumeActivityTimer,
  spanOf,
  startActivityTimer,
  stopActivityTimer,
  TIMER_MAX_SECONDS,
  TIMER_PROGRAMS,
} from '@rpm/shared';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { useApi } from '../errors/ErrorDialogProvider';
import { useUserActivity } from '../session/use-user-activity';
import { useUiSettings } from '../shell/UiSettingsProvider';
import { showToast } from '../toaster/toast';
import { chartOf } from './chart-tabs';
import { TimeEntryDialog } from './TimeEntryDialog';

type Program = (typeof TIMER_PROGRAMS)[number];

/** 'm:ss' of a number of seconds. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** How often activity is passed on to the timer: its idle limit is minutes, so a press every few seconds is enough. */
const ACTIVITY_THROTTLE_MS = 5000;

export interface CareTimerProps {
  readonly patientId: number;
  /** Time was logged: what shows this month's minutes reads again. */
  readonly onLogged: () => void;
}

/**
 * The banner's care timer (issue 41 §2; decisions.md "Care timer"): the care-timer machine with the activity calls as
 * its actors. Shown on every tab of the chart; remount it (key) for another patient.
 */
export function CareTimer({ patientId, onLogged }: CareTimerProps) {
  const { call } = useApi();
  const { settings, update } = useUiSettings();
  const logged = useRef(onLogged);
  logged.current = onLogged;
  const [program, setProgram] = useState<Program>('RPM');
  const actor = useActorRef(
    careTimerMachine.provide({
      actors: {
        load: fromPromise(async () => (await call(getRunningTimer, {})).data),
        start: fromPromise(
          async ({ input }) =>
            (
              await call(startActivityTimer, {
                body: { patient_id: input.patientId, program: input.program },
              })
            ).data,
        ),
        pause: fromPromise(
          async ({ input }) => (await call(pauseActivityTimer, { body: { timer_id: input.timerId } })).data,
        ),
        resume: fromPromise(
          async ({ input }) => (await call(resumeActivityTimer, { body: { timer_id: input.timerId } })).data,
        ),
        stop: fromPromise(async ({ input }: { input: { timerId: number; choice: TimerStopChoice } }) => {
          const body = { timer_id: input.timerId, ...input.choice };
          return { seconds: (await call(stopActivityTimer, { body })).data.seconds };
        }),
      },
      actions: {
        logged: (_, { seconds }) => {
          if (seconds > 0)
            void showToast({ message: `Logged ${formatDuration(seconds)}`, intent: Intent.SUCCESS });
          logged.current();
        },
      },
    }),
    { input: { patientId, autoStart: settings.autoStartTimer, program: 'RPM' } },
  );
  const state = useSelector(actor, (s) => s);
  const timer = state.context.timer;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    actor.send({ type: 'SET_AUTO_START', autoStart: settings.autoStartTimer });
  }, [actor, settings.autoStartTimer]);

  // Every key or pointer press is activity (000 §4.1), passed on at most every few seconds.
  const lastActivity = useRef(0);
  useUserActivity(
    useCallback(() => {
      const at = Date.now();
      if (at - lastActivity.current < ACTIVITY_THROTTLE_MS) return;
      lastActivity.current = at;
      actor.send({ type: 'ACTIVITY' });
    }, [actor]),
  );

  useEffect(() => {
    if (!timer || timer.paused_at !== null) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [timer]);

  const elapsed = timer
    ? formatDuration(Math.min(TIMER_MAX_SECONDS, countedSeconds(spanOf(timer), now)))
    : '';
  const asking = state.matches('asking') || state.matches('stopping');
  const mine = state.matches('mine') || (asking && timer?.patient_id === patientId);
  const paused = state.matches({ mine: 'paused' });

  return (
    <fieldset className="chart-timer" aria-label="Care timer">
      {state.matches('idle') && (
        <>
          <HTMLSelect
            aria-label="Timer Program"
            value={program}
            onChange={(e) => setProgram(e.currentTarget.value as Program)}
            options={[...TIMER_PROGRAMS]}
          />
          <Button
            icon="time"
            intent={Intent.PRIMARY}
            text="Start Timer"
            onClick={() => actor.send({ type: 'START', program })}
          />
        </>
      )}
      {(mine || state.matches('starting')) && timer && (
        <>
          <Tag
            large
            icon="time"
            intent={paused ? Intent.WARNING : Intent.SUCCESS}
            data-testid="chart-timer"
            aria-live="off"
          >
            {timer.program} {elapsed}
            {paused ? ' · Paused (idle)' : ''}
          </Tag>
          {paused && <Button text="Resume" icon="play" onClick={() => actor.send({ type: 'RESUME' })} />}
          <Button text="Stop" icon="stop" onClick={() => actor.send({ type: 'STOP' })} />
        </>
      )}
      {(state.matches('elsewhere') || (asking && !mine)) && timer && (
        <>
          <span>
            Your {timer.program} timer runs on{' '}
            <Link href={chartOf(timer.patient_id)}>another patient's chart</Link>.
          </span>
          <Button text="Stop It" icon="stop" onClick={() => actor.send({ type: 'STOP' })} />
        </>
      )}
      <Switch
        className="chart-timer-auto"
        label="Start on opening a chart"
        checked={settings.autoStartTimer}
        onChange={(e) => update({ autoStartTimer: e.currentTarget.checked })}
      />
      <TimeEntryDialog
        mode="stop"
        isOpen={asking}
        program={timer?.program ?? 'RPM'}
        elapsed={elapsed}
        onLog={async (answer) => {
          actor.send({ type: 'ANSWER', choice: { discard: false, ...answer } });
        }}
        onDiscard={async () => {
          actor.send({ type: 'ANSWER', choice: { discard: true } });
        }}
        onClose={() => actor.send({ type: 'CANCEL' })}
      />
    </fieldset>
  );
}

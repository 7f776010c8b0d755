import {
  pulseOximetryList,
  sleepCoReadList,
  sleepLabList,
  sleepTestsList,
  spirometryList,
} from '@rpm/shared';
import { ListScreen, listStartCalls } from '../list/ListScreen';
import { SLEEP_LOCK_EVENTS } from '../list/use-live-reload';

// The study worklists (000 §2.4): a definition each (architecture.md "Lists"). The reading lists
// reload on the hub's lock events, so 'Locked by {name}' shows and clears live.
const SLEEP_TESTS = sleepTestsList;
const SLEEP_CO_READ = sleepCoReadList;
const PULSE_OXIMETRY = pulseOximetryList;
const SPIROMETRY = spirometryList;
const SLEEP_LAB = sleepLabList;

/** Sleep Tests (000 §2.4; start page of roles 16 and 17 and interpreting physicians, 000 §6.1). */
export function SleepTestsScreen() {
  return <ListScreen def={SLEEP_TESTS} live liveEvents={SLEEP_LOCK_EVENTS} />;
}

/** Sleep Tests Co-Read (000 §2.4; start page of onlyCoRead users, 000 §6.1). */
export function SleepCoReadScreen() {
  return <ListScreen def={SLEEP_CO_READ} live liveEvents={SLEEP_LOCK_EVENTS} />;
}

/** Pulse Oximetry Tests (000 §2.4). */
export function PulseOximetryScreen() {
  return <ListScreen def={PULSE_OXIMETRY} live liveEvents={SLEEP_LOCK_EVENTS} />;
}

/** Spirometry Test (000 §2.4, §6.2: role 6). */
export function SpirometryScreen() {
  return <ListScreen def={SPIROMETRY} live liveEvents={SLEEP_LOCK_EVENTS} />;
}

/** Sleep Lab Table (000 §2.4; start page of sleep-lab users, 000 §6.1). */
export function SleepLabScreen() {
  return <ListScreen def={SLEEP_LAB} />;
}

/** Each worklist's first calls, made ahead when it is a user's start page (000 §6.1; shell/start-calls.ts). */
export const START_CALLS = {
  SleepTestsScreen: listStartCalls(SLEEP_TESTS),
  SleepCoReadScreen: listStartCalls(SLEEP_CO_READ),
  PulseOximetryScreen: listStartCalls(PULSE_OXIMETRY),
  SpirometryScreen: listStartCalls(SPIROMETRY),
  SleepLabScreen: listStartCalls(SLEEP_LAB),
};

import {
  type ListDef,
  pulseOximetryList,
  sleepCoReadList,
  sleepLabList,
  sleepTestsList,
  spirometryList,
} from '@rpm/shared';
import { ListScreen } from '../list/ListScreen';

// The study worklists of issue 15 (000 §2.4): a definition each (architecture.md "Lists").
const asDef = (def: unknown) => def as ListDef;

/** Sleep Tests (000 §2.4; start page of roles 16 and 17 and interpreting physicians, 000 §6.1). */
export function SleepTestsScreen() {
  return <ListScreen def={asDef(sleepTestsList)} />;
}

/** Sleep Tests Co-Read (000 §2.4; start page of onlyCoRead users, 000 §6.1). */
export function SleepCoReadScreen() {
  return <ListScreen def={asDef(sleepCoReadList)} />;
}

/** Pulse Oximetry Tests (000 §2.4). */
export function PulseOximetryScreen() {
  return <ListScreen def={asDef(pulseOximetryList)} />;
}

/** Spirometry Test (000 §2.4, §6.2: role 6). */
export function SpirometryScreen() {
  return <ListScreen def={asDef(spirometryList)} />;
}

/** Sleep Lab Table (000 §2.4; start page of sleep-lab users, 000 §6.1). */
export function SleepLabScreen() {
  return <ListScreen def={asDef(sleepLabList)} />;
}

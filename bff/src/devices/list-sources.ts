import type { ListSource } from '../lists/source.js';
import { historySource, inventorySources } from './inventory-store.js';
import { deviceLogSource } from './log-store.js';
import { vendorSource } from './vendor-store.js';

/** The device lists' stores by list name (embedded.ts LIST_SOURCES; shared/src/lists/devices.ts). */
export const deviceListSources = (): Record<
  | 'devices'
  | 'edison-inventory'
  | 'unassigned-devices'
  | 'deactivated-devices'
  | 'device-history'
  | 'device-data-logs'
  | 'vendors',
  ListSource<object>
> => ({
  ...inventorySources,
  'device-history': historySource,
  'device-data-logs': deviceLogSource,
  vendors: vendorSource,
});

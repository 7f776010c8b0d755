// The seed's public surface: what the server and tests import.
export { DEMO_AWS_LINK, DEMO_PASSWORD, DEMO_USERS, type DemoUser, type DemoUserFlags } from './demo-users.js';
export { ALL_PAGES, type PageName, ROLE_PAGES } from './role-pages.js';
export { DEMO_DEVICE_KEY, DEMO_DEVICE_VENDOR } from './seed-chart.js';
export {
  countRows,
  DEFAULT_SEED,
  type DemoSignIn,
  isEmpty,
  PASSWORD_HASH_OPTIONS,
  type SeedOptions,
  type SeedSummary,
  seedDemo,
} from './seed-demo.js';
export { ensureRoleAccess } from './seed-staff.js';

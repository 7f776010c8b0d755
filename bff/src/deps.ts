import type { Captcha } from './auth/captcha.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/schema.js';
import type { Hub } from './hub/hub.js';
import type { PdfPool } from './pdf/pdf-pool.js';

/** What route handlers need, created once by the app and passed down (no globals). */
export interface Deps {
  readonly config: Config;
  readonly db: Db;
  readonly clock: Clock;
  readonly captcha: Captcha;
  /** Pushes to users' open clients over socket.io. */
  readonly hub: Hub;
  /** The app's one PDF worker pool (billing report, list exports), closed with the app. */
  readonly pdf: PdfPool;
}

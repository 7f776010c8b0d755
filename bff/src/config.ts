import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { ADMIN_ROLE_ID } from '@rpm/shared';
import { z } from 'zod';

const flagFromEnv = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** An IPv4/IPv6 address, optionally with a CIDR prefix length. */
function isProxyAddress(text: string): boolean {
  const [address = '', prefix, extra] = text.split('/');
  if (extra !== undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/** An optional variable; set but empty counts as unset (a blank line in an .env file). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** The BFF's settings, parsed from the environment at start (every edge is parsed by zod: architecture.md "A request"). */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PGlite data folder, used when DATABASE_URL is not set. 'memory://' keeps the database in memory. */
  DATA_DIR: z.string().min(1).default('./data/pglite'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Where the chart's documents are kept; unset: `documents` inside DATA_DIR (decisions.md "Documents"). */
  DOCUMENTS_DIR: optional(z.string().min(1)),
  /** Redis for several replicas: the hub's socket.io adapter (architecture.md "Modes and replicas"); unset: one BFF. */
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/ })),
  /** Relay mode (relay/relay.ts): no database; every call of the contract is forwarded to this API base. */
  UPSTREAM_API_BASE: z.url().optional(),
  /** Relay mode: the Authorization of the upstream's rpm/aws/setCallStatus (000 §7); never held by the browser. */
  UPSTREAM_CALL_STATUS_AUTH: optional(z.string().max(1000)),
  /**
   * Secret for captcha signatures and the key of TOTP secrets at rest (auth/mfa.ts). Replicas must share it; a random
   * one is made when absent. Changing it makes enrolled factors unreadable: their users need an administrator's reset.
   */
  APP_SECRET: z.string().min(32).optional(),
  /**
   * The key the app seals the audit chain with (issue 44; decisions.md "Audit chain seals"): never stored in the
   * database, so its logins cannot forge a seal. Unset: no seals, and audit:verify checks the hashes only.
   */
  AUDIT_KEY: z.string().min(32).optional(),
  /**
   * The database owner's login, for migrations (issue 44; decisions.md "Database roles"): DATABASE_URL's login then
   * owns nothing and is granted rows only. Unset: DATABASE_URL's login migrates.
   */
  MIGRATION_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Seed demo data into an empty database. Defaults to on outside production, off in production. */
  SEED_DEMO: flagFromEnv,
  SEED_PATIENTS: z.coerce.number().int().min(0).max(100_000).default(300),
  /** Where the built client lives; its index.html is the SPA fallback. */
  CLIENT_DIST: z.string().min(1).default('./client/dist'),
  /** Captcha work: counter upper bound the browser searches (higher = slower sign-in for bots and people). */
  CAPTCHA_MAX_COUNTER: z.coerce.number().int().min(10).max(1_000_000).default(5_000),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(1_048_576),
  /**
   * Which proxies' X-Forwarded-For to believe for the client address: off, a hop count (1-10) or the proxies'
   * addresses (IPs or CIDRs, comma-separated); never 'true' (decisions.md "Client address behind proxies").
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx): false | number | string => {
      const text = (value ?? '').trim();
      if (text === '' || text === '0' || text === 'false') return false;
      if (/^\d+$/.test(text)) {
        const hops = Number(text);
        if (hops >= 1 && hops <= 10) return hops;
      } else if (text.split(',').every((part) => isProxyAddress(part.trim()))) {
        return text
          .split(',')
          .map((part) => part.trim())
          .join(',');
      }
      ctx.addIssue({
        code: 'custom',
        message:
          "TRUST_PROXY must be off, a hop count from 1 to 10, or the proxies' addresses (IPs or CIDRs, comma-separated); 'true' would trust a client-written X-Forwarded-For",
      });
      return z.NEVER;
    }),
  /** A LibreTranslate-compatible endpoint for translateText (000 §2.10, §7); unset: Translate answers 503. */
  TRANSLATE_API_URL: optional(z.url({ protocol: /^https?$/ })),
  /** Sent as `api_key` to the translation endpoint when it needs one. */
  TRANSLATE_API_KEY: optional(z.string().min(1).max(512)),
  /** User names (comma-separated) who get the machine devtools in production (decisions.md "Machine devtools"). */
  MACHINE_DEVTOOLS_USERS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter((name) => name !== ''),
    ),
  /**
   * Role ids (comma-separated) whose users must enrol a TOTP factor. Unset: role 1 in production without demo data,
   * else nobody; empty also means nobody (decisions.md "Multi-factor sign-in").
   */
  MFA_REQUIRED_ROLES: z
    .string()
    .regex(/^\s*(\d+\s*(,\s*\d+\s*)*)?$/, 'MFA_REQUIRED_ROLES must be role ids separated by commas')
    .optional()
    .transform((value) =>
      value === undefined
        ? undefined
        : value
            .split(',')
            .map((part) => part.trim())
            .filter((part) => part !== '')
            .map(Number),
    ),
  /** The SMS provider's endpoint (decisions.md "SMS provider"); unset: texts go to the built-in outbox. */
  SMS_PROVIDER_URL: optional(z.url({ protocol: /^https?$/ })),
  SMS_PROVIDER_TOKEN: optional(z.string().min(1).max(512)),
  /** '1': the call panel drives the demo contact centre (decisions.md "Demo contact centre"); unset: with demo data. */
  CALL_SIMULATOR: optional(z.enum(['0', '1'])),
  /**
   * '1' (NODE_ENV=test only): the server's clock can be moved forward through POST /api/test/clock (decisions.md
   * "Browser tests move the server's clock"); refused in any other environment.
   */
  TEST_CLOCK: optional(z.enum(['0', '1'])),
  /**
   * '1': `/api/openapi.json` for anyone; '0': for signed-in callers only. Unset: public outside production (issue 44;
   * decisions.md "OpenAPI document").
   */
  OPENAPI_PUBLIC: optional(z.enum(['0', '1'])),
  /** Ms between passes of the alert escalation job (default a minute); the browser tests run it every second. */
  ESCALATION_INTERVAL_MS: optional(z.coerce.number().int().min(100).max(3_600_000)),
  /** '1' checks answers with zod, '0' writes them compiled (decisions.md "Compiled answer serialisation"). */
  VALIDATE_ANSWERS: optional(z.enum(['0', '1'])),
  /** The contact centre's https origins, comma-separated (decisions.md "Contact centre in the CSP"). */
  CONTACT_CENTER_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx): string[] => {
      const origins = (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');
      for (const origin of origins) {
        if (!/^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(origin)) {
          ctx.addIssue({
            code: 'custom',
            message: `CONTACT_CENTER_ORIGINS: '${origin}' is not an https origin`,
          });
          return z.NEVER;
        }
      }
      return origins;
    }),
});

export type Config = Omit<z.output<typeof configSchema>, 'MFA_REQUIRED_ROLES'> & {
  readonly appSecret: string;
  readonly seedDemo: boolean;
  /** The demo contact centre is on (CALL_SIMULATOR, by default with demo data). */
  readonly callSimulator: boolean;
  /** Answers are validated by zod before they are sent (VALIDATE_ANSWERS, by default outside production). */
  readonly validateAnswers: boolean;
  /** Roles whose users must enrol a second factor (MFA_REQUIRED_ROLES with its default applied). */
  readonly MFA_REQUIRED_ROLES: readonly number[];
};

/** Parses the environment; throws a readable error naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  if (c.TEST_CLOCK === '1' && c.NODE_ENV !== 'test')
    throw new Error('Invalid configuration:\n  TEST_CLOCK: only allowed with NODE_ENV=test');
  if (c.MIGRATION_DATABASE_URL && !c.DATABASE_URL)
    throw new Error(
      "Invalid configuration:\n  MIGRATION_DATABASE_URL: needs DATABASE_URL, the app's own login",
    );
  // Demo data never lands in production unless SEED_DEMO asks for it explicitly.
  const seedDemo =
    env.SEED_DEMO === undefined || env.SEED_DEMO === '' ? c.NODE_ENV !== 'production' : c.SEED_DEMO;
  // With demo data the second factor is optional, so README's demo sign-ins work (decisions.md "Multi-factor sign-in").
  const mfaRequiredRoles =
    c.MFA_REQUIRED_ROLES ?? (c.NODE_ENV === 'production' && !seedDemo ? [ADMIN_ROLE_ID] : []);
  return {
    ...c,
    appSecret: c.APP_SECRET ?? randomBytes(32).toString('hex'),
    seedDemo,
    callSimulator: c.CALL_SIMULATOR === undefined ? seedDemo : c.CALL_SIMULATOR === '1',
    validateAnswers:
      c.VALIDATE_ANSWERS === undefined ? c.NODE_ENV !== 'production' : c.VALIDATE_ANSWERS === '1',
    MFA_REQUIRED_ROLES: mfaRequiredRoles,
  };
}

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
  /**
   * Where the chart's documents are kept (documents/files.ts). Unset: `documents` beside DATA_DIR, or a temporary
   * folder removed on close when DATA_DIR is 'memory://' (decisions.md "Documents").
   */
  DOCUMENTS_DIR: optional(z.string().min(1)),
  /**
   * Redis for several BFF replicas (architecture.md "Modes and replicas"): the hub's socket.io adapter, so pushes reach a user's
   * sockets on every replica. Unset: one BFF, the in-process adapter.
   */
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/ })),
  /**
   * Relay mode (architecture.md "Modes and replicas"; relay/relay.ts): no database; each call of the contract is parsed and forwarded to
   * this API base, e.g. https://api.example.org/api.
   */
  UPSTREAM_API_BASE: z.url().optional(),
  /**
   * Relay mode: the Authorization header value (e.g. 'Basic …') the upstream's rpm/aws/setCallStatus expects
   * (000 §7's fixed basic authorization); the relay adds it, the browser never holds it (issue 14 §2).
   */
  UPSTREAM_CALL_STATUS_AUTH: optional(z.string().max(1000)),
  /**
   * Secret for captcha signatures and the key of TOTP secrets at rest (auth/mfa.ts). Replicas must share it; a random
   * one is made when absent. Changing it makes enrolled factors unreadable: their users need an administrator's reset.
   */
  APP_SECRET: z.string().min(32).optional(),
  /** Seed demo data into an empty database. Defaults to on outside production, off in production. */
  SEED_DEMO: flagFromEnv,
  SEED_PATIENTS: z.coerce.number().int().min(0).max(100_000).default(300),
  /** Where the built client lives; its index.html is the SPA fallback. */
  CLIENT_DIST: z.string().min(1).default('./client/dist'),
  /** Captcha work: counter upper bound the browser searches (higher = slower sign-in for bots and people). */
  CAPTCHA_MAX_COUNTER: z.coerce.number().int().min(10).max(1_000_000).default(5_000),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(1_048_576),
  /**
   * Behind a load balancer (issue 11 #2): which proxies' X-Forwarded-For to believe for the client address of
   * sessions, audit rows and sign-in limits. Off by default; a hop count (1-10: the entries appended by that many
   * proxies in front of us, counted from the right) or the proxies' own addresses (IPs or CIDRs, comma-separated).
   * 'true' is refused: trusting every hop takes the leftmost entry, which the client writes itself.
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
  /**
   * Translation of organisation descriptions (000 §2.10, §7 translateText): a LibreTranslate-compatible endpoint,
   * e.g. https://translate.example.org/translate. Unset: the Translate button answers 503 (not available).
   */
  TRANSLATE_API_URL: optional(z.url({ protocol: /^https?$/ })),
  /** Sent as `api_key` to the translation endpoint when it needs one. */
  TRANSLATE_API_KEY: optional(z.string().min(1).max(512)),
  /**
   * The contact centre's origins (000 §2.12 call panel), e.g. https://example.my.connect.aws: the only origins
   * besides our own that the CSP lets the page connect to and frame (issue 11 #9). Comma-separated https origins.
   */
  /**
   * User names (comma-separated) for whom a production build records machine events and offers the console
   * inspector (issue 11 #10); development builds offer them to everyone. Empty: nobody.
   */
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
   * Issue 11 "Add": role ids (comma-separated) whose users must enrol a TOTP factor before they may work. Unset: in
   * production without demo data, role 1, the one role that may start a temporary login; otherwise nobody (the demo
   * sign-ins keep working with a password alone). Empty (`MFA_REQUIRED_ROLES=`) also means nobody.
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
  /**
   * The SMS provider of the Messages and Reminder tabs (bff/src/messages/sms-adapter.ts): an HTTP endpoint that takes
   * {to, body, reference} as JSON with the token as a bearer. Unset: messages go to the built-in outbox, not sent.
   */
  SMS_PROVIDER_URL: optional(z.url({ protocol: /^https?$/ })),
  SMS_PROVIDER_TOKEN: optional(z.string().min(1).max(512)),
  /**
   * Issue 14: '1' makes the call panel drive the built-in demo contact centre instead of Amazon Connect, '0' not.
   * Unset: on exactly when demo data is seeded (decisions.md "Demo contact centre").
   */
  CALL_SIMULATOR: optional(z.enum(['0', '1'])),
  /**
   * Issue 17: '1' checks every answer against its contract schema before it is sent (zod), '0' serialises it with
   * a serialiser compiled from that schema (http/answer-serializer.ts). Unset: checked outside production.
   */
  VALIDATE_ANSWERS: optional(z.enum(['0', '1'])),
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

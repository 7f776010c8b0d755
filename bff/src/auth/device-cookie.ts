import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/**
 * OWASP's device cookie (decisions.md "Sign-in lock-out"): a browser that signed in as a user before carries a signed
 * note of it, and a lock of the user name (failures for the name from many addresses) does not hold it back, so a
 * stranger's wrong passwords cannot lock the owner out of their own browser. One cookie holds the notes of the last
 * few users of the browser; each is `<user name, base64url>.<issued, unix seconds>.<nonce>.<HMAC-SHA256>`.
 */
export const DEVICE_COOKIE = 'rpm_device';

/** How long a browser stays known after its last sign-in as the user. */
const DEVICE_TTL_S = 365 * 24 * 3600;
/** Users one browser remembers (a shared clinic workstation). */
const DEVICE_USERS_MAX = 5;

const sign = (secret: string, body: string) =>
  createHmac('sha256', `device-cookie:${secret}`).update(body).digest('base64url');

interface Note {
  readonly username: string;
  readonly issued: number;
  readonly text: string;
}

function notes(req: FastifyRequest, secret: string): Note[] {
  const raw = req.cookies[DEVICE_COOKIE];
  if (!raw || raw.length > 4000) return [];
  const out: Note[] = [];
  for (const text of raw.split('~')) {
    const [name, issued, nonce, mac] = text.split('.');
    if (!name || !issued || !nonce || !mac) continue;
    const expected = Buffer.from(sign(secret, `${name}.${issued}.${nonce}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
    out.push({ username: Buffer.from(name, 'base64url').toString(), issued: Number(issued), text });
  }
  return out;
}

/** Whether this browser signed in as `username` within the last year, by a note the server signed. */
export function knownDevice(
  req: FastifyRequest,
  config: Pick<Config, 'appSecret'>,
  username: string,
  now: Date,
) {
  const nowS = Math.floor(now.getTime() / 1000);
  return notes(req, config.appSecret).some((n) => n.username === username && nowS - n.issued < DEVICE_TTL_S);
}

/** Notes a successful sign-in as `username` in this browser's device cookie (newest first, a few users kept). */
export function rememberDevice(
  req: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'appSecret' | 'NODE_ENV'>,
  username: string,
  now: Date,
): void {
  const issued = Math.floor(now.getTime() / 1000);
  const name = Buffer.from(username).toString('base64url');
  const body = `${name}.${issued}.${randomBytes(12).toString('base64url')}`;
  const others = notes(req, config.appSecret)
    .filter((n) => n.username !== username && issued - n.issued < DEVICE_TTL_S)
    .map((n) => n.text);
  const value = [`${body}.${sign(config.appSecret, body)}`, ...others].slice(0, DEVICE_USERS_MAX).join('~');
  reply.setCookie(DEVICE_COOKIE, value, {
    path: '/api/rpm/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.NODE_ENV === 'production',
    maxAge: DEVICE_TTL_S,
  });
}

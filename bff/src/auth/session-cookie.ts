import type { FastifyReply } from 'fastify';
import type { Config } from '../config.js';

/**
 * The HttpOnly SameSite cookie that must accompany the uid/token headers (architecture.md "Security"). Path '/',
 * not '/api': the hub's handshake at /socket.io needs it too.
 */
export const SESSION_COOKIE = 'rpm_session';

const OPTIONS = { path: '/', httpOnly: true, sameSite: 'strict' } as const;

export function setSessionCookie(reply: FastifyReply, config: Config, secret: string): void {
  reply.setCookie(SESSION_COOKIE, secret, { ...OPTIONS, secure: config.NODE_ENV === 'production' });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: OPTIONS.path });
}

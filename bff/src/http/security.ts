import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';

/**
 * Security headers with a CSP the client passes: no inline scripts or styles; the captcha's workers from our own
 * origin. The page connects only to its own origin (the API and the hub's socket,
 * which CSP 3 'self' covers for ws: and wss:) and the configured contact centre (issue 11 #9); it may be framed by
 * no one (frame-ancestors 'none' with X-Frame-Options: DENY for older browsers).
 */
export function securityHeaders(app: FastifyInstance, config: Pick<Config, 'CONTACT_CENTER_ORIGINS'>): void {
  const contactCentre = config.CONTACT_CENTER_ORIGINS;
  // Built once: @fastify/helmet built helmet's middleware again on every request (issue 17 goal 3).
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // No 'unsafe-inline' (issue 11 #9): React, Blueprint's popovers and uPlot style through the CSSOM, which CSP
        // allows; the captcha widget's CSP build injects no styles (tests/e2e/csp.spec.ts checks every screen).
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...contactCentre],
        frameSrc: contactCentre.length > 0 ? contactCentre : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    // The app is served over plain HTTP on localhost in demos; TLS termination sets HSTS in deployments.
    strictTransportSecurity: false,
  });
  const headers = headersOf(setHeaders);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The headers helmet's middleware sets, read once from a response that records them: with no nonce they are the same
 * on every answer, and setting them as one object costs a call less than running the middleware's eleven steps
 * (issue 17 goal 3). The one header helmet removes (X-Powered-By) is never set here.
 */
function headersOf(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    failed = err;
  });
  if (failed) throw failed;
  return headers;
}

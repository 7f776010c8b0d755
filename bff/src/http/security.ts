import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';

/**
 * Security headers with a CSP the client passes: no inline scripts or styles, connections only to our origin and the
 * contact centre (decisions.md "Contact centre in the CSP"), framed by no one.
 */
export function securityHeaders(app: FastifyInstance, config: Pick<Config, 'CONTACT_CENTER_ORIGINS'>): void {
  const contactCentre = config.CONTACT_CENTER_ORIGINS;
  // Built once: @fastify/helmet builds helmet's middleware again on every request (decisions.md "One query per call").
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // No 'unsafe-inline': React, Blueprint's popovers and uPlot style through the CSSOM, which CSP
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
 * The headers helmet's middleware sets, read once: without a nonce they are the same on every answer, and setting
 * them as one object is cheaper than its eleven steps. X-Powered-By, which helmet removes, is never set here.
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

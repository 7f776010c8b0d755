import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { testConfig } from '../test-app.js';

/** The CSP's directives of an app with these settings (relay mode: no database needed for headers). */
async function directives(env: Record<string, string> = {}) {
  const app = await createApp({
    config: testConfig({ UPSTREAM_API_BASE: 'https://upstream.example/api', ...env }),
  });
  await app.ready();
  try {
    const res = await app.inject({ method: 'GET', url: '/some/client/route' });
    const csp = String(res.headers['content-security-policy']);
    const map = new Map(
      csp.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
    );
    return { map, frameOptions: res.headers['x-frame-options'] };
  } finally {
    await app.close();
  }
}

describe('security headers (issue 11 #9)', () => {
  it("connects only to the app's own origin and may be framed by no one", async () => {
    const { map, frameOptions } = await directives();
    expect(map.get('connect-src')).toBe("'self'");
    expect(map.get('frame-src')).toBe("'none'");
    expect(map.get('frame-ancestors')).toBe("'none'");
    expect(map.get('script-src')).toBe("'self'");
    expect(map.get('style-src')).toBe("'self'");
    expect(frameOptions).toBe('DENY');
  });

  it("adds the configured contact centre's origins for the call panel, and nothing else", async () => {
    const { map } = await directives({ CONTACT_CENTER_ORIGINS: 'https://clinic.my.connect.aws' });
    expect(map.get('connect-src')).toBe("'self' https://clinic.my.connect.aws");
    expect(map.get('frame-src')).toBe('https://clinic.my.connect.aws');
  });

  it.each(['/some/client/route', '/api/rpm/no/such/call'])(
    "sets helmet's headers on every answer (%s), HSTS left to TLS termination",
    async (url) => {
      const app = await createApp({
        config: testConfig({ UPSTREAM_API_BASE: 'https://upstream.example/api' }),
      });
      try {
        const res = await app.inject({ method: 'GET', url });
        expect(res.headers).toMatchObject({
          'cross-origin-opener-policy': 'same-origin',
          'cross-origin-resource-policy': 'same-origin',
          'origin-agent-cluster': '?1',
          'referrer-policy': 'no-referrer',
          'x-content-type-options': 'nosniff',
          'x-dns-prefetch-control': 'off',
          'x-download-options': 'noopen',
          'x-frame-options': 'DENY',
          'x-permitted-cross-domain-policies': 'none',
          'x-xss-protection': '0',
        });
        expect(res.headers['content-security-policy']).toContain("default-src 'self'");
        expect(res.headers['strict-transport-security']).toBeUndefined();
        expect(res.headers['x-powered-by']).toBeUndefined();
      } finally {
        await app.close();
      }
    },
  );

  it('refuses an origin that is not https', () => {
    expect(() => testConfig({ CONTACT_CENTER_ORIGINS: 'http://clinic.example' })).toThrow(
      /CONTACT_CENTER_ORIGINS/,
    );
  });
});

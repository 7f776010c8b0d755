import { createApp } from '@rpm/bff/app';
import { loadConfig } from '@rpm/bff/config';
import { testDatabase } from '@rpm/bff/db/test-database';
import { solvedCaptcha } from '@rpm/bff/test-app';
import { quantile } from './bench-helpers.js';

const ROUNDS = 40;

/** Sign-in round trip over real HTTP on loopback: POST rpm/auth/loginWithCaptcha with a pre-solved captcha. */
export async function signInRoundTrip(): Promise<Record<string, string>> {
  const { db, close } = await testDatabase({ seedPatients: 20 });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    CLIENT_DIST: './none',
  });
  const app = await createApp({ config, db });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const tokens: string[] = [];
    for (let i = 0; i < ROUNDS + 5; i++) tokens.push(await solvedCaptcha(app));
    const times: number[] = [];
    for (const [i, captchaToken] of tokens.entries()) {
      const started = performance.now();
      const res = await fetch(`${base}/api/rpm/auth/loginWithCaptcha`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'role5@demo.test', password: 'Demo-pass-2026!', captchaToken }),
      });
      const body = (await res.json()) as { status: number };
      const ms = performance.now() - started;
      if (body.status !== 1) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
      if (i >= 5) times.push(ms); // the first rounds warm up the JIT and the database
    }
    const at = (q: number) => quantile(times, q);
    return {
      'sign-in round trip median': `${at(0.5).toFixed(1)} ms`,
      'sign-in round trip p95': `${at(0.95).toFixed(1)} ms`,
      'sign-in rounds': String(times.length),
    };
  } finally {
    await app.close();
    await close();
  }
}

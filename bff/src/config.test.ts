import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine: PGlite in ./data, demo data on', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data/pglite', seedDemo: true });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.appSecret).toHaveLength(64);
  });

  it.each([
    [{ NODE_ENV: 'production' }, false],
    [{ NODE_ENV: 'production', SEED_DEMO: '1' }, true],
    [{ NODE_ENV: 'development', SEED_DEMO: '0' }, false],
    [{ NODE_ENV: 'test' }, true],
  ])('never seeds demo data in production unless asked (%o)', (env, seedDemo) => {
    expect(loadConfig(env).seedDemo).toBe(seedDemo);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ APP_SECRET: 'short' }, 'APP_SECRET'],
  ])('stops with a message naming the bad variable (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`Invalid configuration:[\\s\\S]*${name}`));
  });

  it('accepts a PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://rpm:pw@127.0.0.1:5432/rpm' }).DATABASE_URL).toContain(
      'postgres://',
    );
  });

  it.each([
    [undefined, false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.2', '10.0.0.2'],
    ['10.0.0.0/8, fd00::/8', '10.0.0.0/8,fd00::/8'],
  ])('TRUST_PROXY=%j is %j (issue 11 #2: a hop count or the proxies’ addresses)', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['true', '11', 'nginx', '10.0.0.0/33', '1.2.3'])('refuses TRUST_PROXY=%j naming it', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/Invalid configuration:[\s\S]*TRUST_PROXY/);
  });

  it.each([
    [{}, []],
    [{ NODE_ENV: 'production' }, [1]],
    [{ NODE_ENV: 'production', SEED_DEMO: '1' }, []],
    [{ NODE_ENV: 'production', MFA_REQUIRED_ROLES: '' }, []],
    [{ MFA_REQUIRED_ROLES: ' 1, 2 ' }, [1, 2]],
  ])(
    'MFA_REQUIRED_ROLES for %j is %j (issue 11: role 1 by default in production without demo data)',
    (env, expected) => {
      expect(loadConfig(env).MFA_REQUIRED_ROLES).toEqual(expected);
    },
  );

  it('refuses MFA_REQUIRED_ROLES that are not role ids', () => {
    expect(() => loadConfig({ MFA_REQUIRED_ROLES: 'admin' })).toThrow(
      /Invalid configuration:[\s\S]*MFA_REQUIRED_ROLES/,
    );
  });

  it('allows the movable test clock only in tests', () => {
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: '1' }).TEST_CLOCK).toBe('1');
    for (const NODE_ENV of ['production', 'development'])
      expect(() => loadConfig({ NODE_ENV, TEST_CLOCK: '1' })).toThrow(
        /TEST_CLOCK: only allowed with NODE_ENV=test/,
      );
  });
});

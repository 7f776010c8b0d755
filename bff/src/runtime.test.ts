import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

describe('runtime (issue 11 #11: Node 20 is past its end of life)', () => {
  it('tests run on the pinned Node 24 that npm scripts put first on the PATH', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
    expect(process.versions.node).toBe(root.devDependencies.node);
  });
  it('engines names the same major', () => {
    expect(root.engines.node).toBe('>=24 <25');
  });
});

import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { installPdfkitSpeedups, PATCHED_PDFKIT, uninstallPdfkitSpeedups } from './pdfkit-speed.js';
import { sampleReportBytes } from './test-report-bytes.js';

// As the worker module left them, for the files that share this process.
afterAll(() => installPdfkitSpeedups());

describe("pdfkit's hot paths (pdfkit-speed.ts)", () => {
  it('knows the pdfkit installed, so the worker renders with them', () => {
    const { version } = createRequire(import.meta.url)('pdfkit/package.json') as { version: string };
    expect(version).toMatch(PATCHED_PDFKIT);
    expect(installPdfkitSpeedups()).toBe(true);
    uninstallPdfkitSpeedups();
  });

  it('write the same bytes as pdfkit does without them', async () => {
    uninstallPdfkitSpeedups();
    const plain = await sampleReportBytes();
    expect(installPdfkitSpeedups()).toBe(true);
    const faster = await sampleReportBytes();
    uninstallPdfkitSpeedups();
    expect(plain.subarray(0, 5).toString()).toBe('%PDF-');
    expect(plain.length).toBeGreaterThan(20_000);
    expect(faster.equals(plain)).toBe(true);
  });
});

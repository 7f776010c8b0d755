import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './content-disposition';

describe('fileNameFromContentDisposition', () => {
  it.each([
    [null, null],
    ['', null],
    ['attachment', null],
    ['inline', null],
    ['attachment; filename="RPM-Billing-2025-03.pdf"', 'RPM-Billing-2025-03.pdf'],
    ['attachment; filename=report.pdf', 'report.pdf'],
    ['attachment; filename=report.pdf; size=10', 'report.pdf'],
    ['attachment; FILENAME="Report.PDF"', 'Report.PDF'],
    ['attachment; filename="a \\"b\\".pdf"', 'a "b".pdf'],
    ['attachment; filename="a; b.pdf"', 'a; b.pdf'],
    ["attachment; filename*=UTF-8''Caf%C3%A9%20report.pdf", 'Café report.pdf'],
    ['attachment; filename="fallback.pdf"; filename*=UTF-8\'\'real.pdf', 'real.pdf'],
    ['attachment; filename*=UTF-8\'\'bad%E0%A4%A.pdf; filename="plain.pdf"', 'plain.pdf'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\temp\\\\x.pdf"', 'x.pdf'],
    ['attachment; filename=""', null],
  ])('%j gives %j', (header, name) => {
    expect(fileNameFromContentDisposition(header)).toBe(name);
  });
});

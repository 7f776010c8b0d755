import { describe, expect, it } from 'vitest';
import { notificationHtml } from './notify.js';

const finding = (text: string) =>
  ({
    text,
    reading_id: 1,
    vital_id: 1,
    vital_type: 'systolic',
    unit: 'mmHg',
    value: 1,
    level: 'critical',
    direction: 'high',
    bound: 1,
  }) as const;

describe('notificationHtml (000 §2.8 bell text)', () => {
  it('puts the patient in bold and escapes the name and the findings', () => {
    expect(
      notificationHtml('Ann <O’Neil>', [
        finding('systolic 195 mmHg above critical high (180)'),
        finding('a & b'),
      ]),
    ).toBe('<b>Ann &lt;O’Neil&gt;</b> systolic 195 mmHg above critical high (180); a &amp; b');
  });
});

import { ALL_CALLS, getBillingDetails, getDashboardSummary, monitorList, patientsList } from '@rpm/shared';
import { serializerCompiler as validatingSerializer } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.js';
import { injectCall, injectUnchecked, signIn, startTestApp, type TestApp, testConfig } from '../test-app.js';
import { answerJsonSchema, compiledSerializer } from './answer-serializer.js';

let t: TestApp;
let admin: { headers: Record<string, string> };

beforeAll(async () => {
  t = await startTestApp({ seedPatients: 40 });
  admin = await signIn(t.app, 'role1@demo.test');
});
afterAll(async () => t.close());

const validated = (schema: z.ZodType) =>
  validatingSerializer({ schema, method: 'GET', url: '/test', httpStatus: '200' } as never) as (
    data: unknown,
  ) => string;

describe('compiled answer serialisation (issue 17 goal 3)', () => {
  it('checks answers in tests and development, compiles them in production', () => {
    expect(testConfig().validateAnswers).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).validateAnswers).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).validateAnswers).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', VALIDATE_ANSWERS: '1' }).validateAnswers).toBe(true);
  });

  it('compiles every answer schema of the contract (none falls back to the checking serialiser)', () => {
    const fallBack = ALL_CALLS.filter((call) => answerJsonSchema(call.response) === null).map((c) => c.path);
    expect(fallBack).toEqual([]);
  });

  it('falls back for a schema JSON Schema cannot express (a date object)', () => {
    expect(compiledSerializer(z.object({ at: z.date() }))).toBeNull();
  });

  it('writes the same JSON as the checked answer for the billing report, two lists and the dashboard', async () => {
    const practice = await t.db
      .selectFrom('practices')
      .select('practice_id')
      .orderBy('practice_id')
      .executeTakeFirstOrThrow();
    const answers = [
      [
        getBillingDetails,
        await injectUnchecked(
          t.app,
          getBillingDetails,
          { headers: { month: '10', year: '2026', practice: String(practice.practice_id) } },
          admin,
        ),
      ],
      [patientsList.calls.list, await injectCall(t.app, patientsList.calls.list, {}, admin)],
      [monitorList.calls.list, await injectCall(t.app, monitorList.calls.list, {}, admin)],
      [getDashboardSummary, await injectCall(t.app, getDashboardSummary, {}, admin)],
    ] as const;
    for (const [call, res] of answers) {
      expect(res.statusCode, call.path).toBe(200);
      const compiled = compiledSerializer(call.response);
      expect(compiled, call.path).not.toBeNull();
      expect(compiled?.(res.json()), call.path).toBe(res.body);
    }
  });

  it('writes dates, absent optionals, nulls, unions and records as the checking serialiser does', () => {
    const schema = z.object({
      at: z.string(),
      day: z.iso.date(),
      note: z.string().optional(),
      phone: z.string().nullable(),
      count: z.number().int().nullable(),
      state: z.union([z.literal('open'), z.literal('closed')]),
      value: z.union([z.number(), z.string()]),
      totals: z.record(z.string(), z.number()),
      rows: z.array(z.object({ id: z.number().int(), tags: z.array(z.string()) })),
    });
    const compiled = compiledSerializer(schema);
    const samples = [
      {
        at: new Date('2026-11-21T12:00:00Z') as unknown as string,
        day: '2026-11-21',
        phone: null,
        count: 3,
        state: 'open',
        value: 12.5,
        totals: { '99453': 19.73, '99454': 43.02 },
        rows: [{ id: 1, tags: ['a "quoted" tag', 'ü'] }],
      },
      {
        at: '2026-11-21T12:00:00.000Z',
        day: '2026-11-21',
        note: 'line\nbreak',
        phone: '5551234567',
        count: null,
        state: 'closed',
        value: 'twelve',
        totals: {},
        rows: [],
      },
    ];
    // The same JSON; the compiled serialiser writes optional fields after the required ones.
    for (const sample of samples)
      expect(JSON.parse(compiled?.(sample) ?? '')).toEqual(JSON.parse(JSON.stringify(sample)));
    expect(JSON.parse(compiled?.(samples[1]) ?? '')).toEqual(JSON.parse(validated(schema)(samples[1])));
  });
});

import { type patientConsentList, rolesList } from '@rpm/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type ListDeclaration, listSource } from './declare.js';
import { by, inIds } from './sql.js';

type Consent = ListDeclaration<typeof patientConsentList>;
const none = sql<boolean>`true`;

/**
 * A list's declaration is typed by its definition (architecture.md "Lists"): these lines compile only while each
 * misspelled or missing key is an error, so `tsc -b` fails when the typing stops catching them.
 */
describe('list declarations', () => {
  it('do not compile with a misspelled sort key', () => {
    const sort = (): ReturnType<NonNullable<Consent['sort']>> => ({
      patient_name: by(none),
      practice_name: by(none),
      program: by(none),
      // @ts-expect-error 'consent_dat' is not a sortable column
      consent_dat: by(none),
      consent_method: by(none),
      ordering_provider: by(none),
      order_date: by(none),
      authorized_until: by(none),
      authorization: by(none),
    });
    expect(Object.keys(sort())).toHaveLength(9);
  });

  it('do not compile with a misspelled or missing filter', () => {
    const where: Partial<Consent['where']> = {
      practice: (ids) => inIds('p.practice_id', ids),
      // @ts-expect-error the filter is 'consent_method'
      consent_methods: () => none,
    };
    // @ts-expect-error every filter needs its condition: 'consented' and others are missing
    const incomplete: Consent['where'] = {
      practice: (ids: readonly number[]) => inIds('p.practice_id', ids),
    };
    // A date range's condition takes the range, not ids.
    // @ts-expect-error 'consented' is a date range
    const wrongKind: Consent['where']['consented'] = (ids: readonly number[]) => inIds('p.practice_id', ids);
    expect([where, incomplete, wrongKind].every(Boolean)).toBe(true);
  });

  it("give the other parts their prepare step's result, typed by it", () => {
    const roles = listSource(rolesList, {
      prepare: async (_db, { today }, view) => ({ month: today.slice(0, 7), search: view.search ?? '' }),
      from: ({ prepared }) => sql`roles r where ${prepared.month} <> ''`,
      scope: ({ prepared }) => sql<boolean>`${prepared.search} = ''`,
      id: 'r.role_id',
      select: ({ prepared }) => ({
        role_id: sql`r.role_id`,
        // @ts-expect-error the step gave 'month', not 'months'
        role: sql`${prepared.months}`,
        pages: sql`0`,
        users: sql`0`,
        page_names: sql`'{}'::text[]`,
      }),
      sort: () => ({ role_id: by(none), role: by(none), pages: by(none), users: by(none) }),
      where: {},
      options: async () => ({}),
    });
    // Without the step, `prepared` is undefined.
    const select: ListDeclaration<typeof rolesList>['select'] = ({ prepared }) => {
      const nothing: undefined = prepared;
      return { role_id: none, role: none, pages: none, users: none, page_names: sql`${nothing}` };
    };
    expect([roles.shows, select].every(Boolean)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { findRoute, ROUTES } from '../routes.js';
import { fillRoute } from './define-list.js';
import { dentalCasesList } from './dental.js';
import { ALL_LISTS, LISTS } from './index.js';
import { LIST_ROUTES, ROW_VIEW_ROUTES, rowViewLink } from './list-routes.js';
import { sleepLabList } from './sleep.js';

// The frame's route table reads LIST_ROUTES, the lists their own `route`: both must name the spec's rows.
describe('LIST_ROUTES', () => {
  it.each(Object.entries(LIST_ROUTES))('%s is a list route and a row of the spec', (_, route) => {
    const lists = ALL_LISTS.filter((def) => def.route === route);
    expect(lists.length).toBeGreaterThan(0);
    const row = ROUTES.find((entry) => entry.pattern === route);
    expect(row?.pattern).toBe(route);
    // A list without an access-list entry sits on a route open to every session (000 §2.2).
    for (const def of lists)
      expect(row?.access).toMatchObject(
        def.page === null ? { kind: 'session' } : { kind: 'page', page: def.page },
      );
  });
});

// The BFF registers each source under its LISTS key and the client finds a plain list's screen by its route.
describe('LISTS', () => {
  it.each(Object.entries(LISTS))('%s is keyed by its own name and sits on a row of the spec', (name, def) => {
    expect(def.name).toBe(name);
    expect(ROUTES.map((entry) => entry.pattern)).toContain(def.route);
  });
});

// decisions.md "Dental case and sleep study views": a row opens a view its list's users may open.
describe('ROW_VIEW_ROUTES', () => {
  const row = { case_id: 31, study_id: 41, patient_id: 7, submission_id: 9 };
  it.each(Object.entries(ROW_VIEW_ROUTES))(
    '%s is opened by a list and sits on that list’s page',
    (_, route) => {
      const link = rowViewLink(route);
      const lists = ALL_LISTS.filter((def) => def.open === link);
      expect(lists.length).toBeGreaterThan(0);
      const found = findRoute(fillRoute(link, row));
      expect(found?.entry.pattern).toBe(route);
      for (const def of lists) expect(found?.entry.access).toEqual({ kind: 'page', page: def.page });
    },
  );

  it.each([dentalCasesList, sleepLabList])('no row of $title leads into the RPM chart', (def) => {
    const columns: readonly { readonly link?: string }[] = def.columns;
    const targets = [def.open, ...columns.map((column) => column.link)].flatMap((t) => (t ? [t] : []));
    // The row itself, its id and its patient's name.
    expect(targets).toHaveLength(3);
    for (const target of targets)
      expect(findRoute(fillRoute(target, row))?.entry.access).toEqual({ kind: 'page', page: def.page });
  });
});

import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes.js';
import { ALL_LISTS, LISTS } from './index.js';
import { LIST_ROUTES } from './list-routes.js';

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

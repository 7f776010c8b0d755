import { ALL_LISTS } from '@rpm/shared';
import type { ReactNode } from 'react';
import { matchRoute, useLocation, useRouter } from 'wouter';
import { ListScreen } from './ListScreen';

/**
 * The screen of every plain list (architecture.md "Lists"): the list screen of the first definition whose route
 * matches the location. Lists with screens of their own are matched earlier (shell/page-routes.tsx), so only a plain
 * list reaches here; a path no list claims shows `fallback`.
 */
export function PlainListScreen({ fallback }: { readonly fallback: ReactNode }) {
  const [location] = useLocation();
  const { parser } = useRouter();
  const def = ALL_LISTS.find((candidate) => matchRoute(parser, candidate.route, location)[0]);
  return def ? <ListScreen key={def.name} def={def} /> : fallback;
}

import { getAllPractices, type StoredUser, searchPracticeByUserId } from '@rpm/shared';
import { useCallback, useRef } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import type { PracticeChoice } from './billing-report-state';
import type { PracticeLoader } from './PracticeSelector';
import { filterPractices, loadsAllPractices, toPracticeChoice } from './practice-options';

/**
 * Where the practice selector's options come from (001 §6, §7):
 * - lowest role 1 or 10: getAllPractices, loaded once and filtered here as the user types;
 * - otherwise (role 17): searchPracticeByUserId with what was typed, the user's organisation and the
 *   external-coordinator flags.
 */
export function usePracticeLoader(user: StoredUser): PracticeLoader {
  const { call } = useApi();
  const all = useRef<Promise<PracticeChoice[]> | null>(null);
  const everything = loadsAllPractices(user.roleid);

  return useCallback<PracticeLoader>(
    async (text, signal) => {
      if (everything) {
        all.current ??= call(getAllPractices).then((answer) => answer.data.map(toPracticeChoice));
        try {
          return filterPractices(await all.current, text);
        } catch (error) {
          all.current = null; // the next opening asks again
          throw error;
        }
      }
      const answer = await call(
        searchPracticeByUserId,
        {
          body: {
            search_term: text.trim(),
            organization_id: user.data.organization_id,
            is_external_sleep_coord: user.is_external_sleep_coord,
            is_external_care_coord: user.is_external_care_coord,
          },
        },
        { signal },
      );
      return answer.data.map(toPracticeChoice);
    },
    [call, everything, user],
  );
}

import {
  getPatientIdentities,
  isPatientSearch,
  PATIENT_SEARCH_DEBOUNCE_MS,
  type PatientMatch,
  searchPatients,
} from '@rpm/shared';
import { useEffect, useState } from 'react';
import { useApi } from '../../errors/ErrorDialogProvider';
import { readRecentCharts } from './recent-charts';

/** Headings of the search box's patient groups (decisions.md "Texts the spec does not quote"). */
export const PATIENTS_HEADING = 'Patients';
export const RECENT_HEADING = 'Recent charts';

/** The patients the search box offers below its menu entries. */
export interface PatientResults {
  /** PATIENTS_HEADING for a search's results, RECENT_HEADING for the recent charts of an empty box. */
  readonly heading: string;
  readonly patients: readonly PatientMatch[];
  /** A search of the current text is still waiting for its answer (typing, or the call under way). */
  readonly searching: boolean;
}

/** An answer and the request it answers, so an answer to older text is never shown under newer text. */
interface Answer {
  readonly key: string;
  readonly patients: readonly PatientMatch[];
}

/**
 * The header search's patients for a user who may open charts (`userId` undefined: none): with text
 * that is a patient search, its matches, asked once typing has paused for PATIENT_SEARCH_DEBOUNCE_MS, a newer
 * text aborting the older request; with an empty box that is `open`, the charts opened last.
 */
export function usePatientResults(text: string, open: boolean, userId: number | undefined): PatientResults {
  const { call } = useApi();
  const trimmed = text.trim();
  const searching = userId !== undefined && isPatientSearch(trimmed);
  const recent = userId !== undefined && open && trimmed === '' ? readRecentCharts(userId) : [];
  const key = searching ? `q:${trimmed}` : recent.length > 0 ? `recent:${recent.join(',')}` : '';
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (key === '') return;
    const controller = new AbortController();
    const { signal } = controller;
    const request = key.startsWith('q:')
      ? () => call(searchPatients, { query: { q: key.slice(2) } }, { signal })
      : () => call(getPatientIdentities, { query: { patient_id: key.slice(7) } }, { signal, quiet: true });
    const timer = setTimeout(
      () =>
        request().then(
          (res) => {
            if (!signal.aborted) setAnswer({ key, patients: res.data });
          },
          () => {
            // The error dialog has shown a failure of the search; stale recent charts just go unoffered.
            if (!signal.aborted) setAnswer({ key, patients: [] });
          },
        ),
      key.startsWith('q:') ? PATIENT_SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [call, key]);

  const current = answer?.key === key && key !== '' ? answer.patients : [];
  return {
    heading: searching ? PATIENTS_HEADING : RECENT_HEADING,
    patients: current,
    searching: searching && answer?.key !== key,
  };
}

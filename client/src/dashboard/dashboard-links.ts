import {
  type DashboardSummary,
  ENROLLED_RPM_STATUSES,
  type ListFilter,
  MINUTES_OPTIONS,
  monitorList,
  myTasksList,
  PROGRESS_OPTIONS,
  patientsList,
} from '@rpm/shared';

/** What a link needs of a list definition (shared/src/lists/define-list.ts). */
interface LinkedList<F extends string> {
  readonly route: string;
  readonly filters: readonly ListFilter<F>[];
}

type Values<F extends string> = Partial<Record<F, readonly (string | number)[] | undefined>>;

/**
 * The URL of a list screen with filters preset, in the list URL convention (the list call's query field names:
 * filter values by filter key, multi values comma-separated). The route's optional segments are left out
 * ('/app/:patientStatus?/:dashboardType?/patients' → '/app/patients'); fields follow the definition's filter order.
 */
function listHref<F extends string>(list: LinkedList<F>, values: Values<F>): string {
  const path = list.route.replace(/\/:\w+\?/g, '');
  const fields: string[] = [];
  for (const filter of list.filters) {
    const value = values[filter.key];
    if (value === undefined || value.length === 0) continue;
    fields.push(`${filter.key}=${value.map((v) => encodeURIComponent(String(v))).join(',')}`);
  }
  return fields.length === 0 ? path : `${path}?${fields.join('&')}`;
}

/** The progress figures are named by the values of the patient lists' progress filter. */
export type ProgressKey = keyof DashboardSummary['progress'];
export type MinutesKey = keyof DashboardSummary['minutes'];

/** The minute figures of the contract against the values of the patient lists' minutes filter. */
const MINUTES_VALUES: Record<MinutesKey, string> = {
  under20: 'under20',
  from20to39: '20to39',
  from40: '40plus',
};

const labelOf = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((o) => o.value === value)?.label ?? value;

export const progressLabel = (key: ProgressKey) => labelOf(PROGRESS_OPTIONS, key);
export const minutesLabel = (key: MinutesKey) => labelOf(MINUTES_OPTIONS, MINUTES_VALUES[key]);

/**
 * The links of the dashboard's figures, each to the list it counts, filtered alike: the practice when one is
 * chosen, and the enrolled statuses for the month figures (the server counts enrolled patients only).
 */
export function dashboardLinks(practiceId: number | undefined) {
  const practice = practiceId === undefined ? undefined : [practiceId];
  const enrolled = [...ENROLLED_RPM_STATUSES];
  return {
    rpmStatus: (statusId: number) => listHref(patientsList, { rpm_status: [statusId], practice }),
    ccmStatus: (statusId: number) => listHref(patientsList, { ccm_status: [statusId], practice }),
    enrolled: listHref(patientsList, { rpm_status: enrolled, practice }),
    progress: (key: ProgressKey) =>
      listHref(patientsList, { rpm_status: enrolled, practice, progress: [key] }),
    minutes: (key: MinutesKey) =>
      listHref(patientsList, { rpm_status: enrolled, practice, minutes: [MINUTES_VALUES[key]] }),
    alerts: (level: 'critical' | 'abnormal') => listHref(monitorList, { level: [level], practice }),
    /**
     * The alerts a response figure counts: raised this month (to today) at the level, of its practice (or the one
     * chosen), acknowledged ones or escalated ones in either state.
     */
    response: (
      figure: { level: 'critical' | 'abnormal'; practice_id: number | null },
      which: 'acknowledged' | 'escalated',
      month: string,
      today: string,
    ) => {
      const path = monitorList.route.replace(/\/:\w+\?/g, '');
      const params = new URLSearchParams({
        state: which === 'acknowledged' ? 'acknowledged' : '',
        level: figure.level,
        raised_from: `${month}-01`,
        raised_to: today,
      });
      const place = figure.practice_id ?? practiceId;
      if (place !== undefined) params.set('practice', String(place));
      if (which === 'escalated') params.set('escalated', 'yes');
      return `${path}?${params.toString()}`;
    },
    // My Tasks holds the signed-in user's tasks, of every practice; it has no kind or practice filter.
    myOpenTasks: listHref(myTasksList, { status: ['open', 'in_progress'] }),
  };
}

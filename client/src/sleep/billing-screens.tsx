import { type ListDef, lowestRoleId, sleepBillingReportList, sleepBillingTypesFor } from '@rpm/shared';
import { useMemo } from 'react';
import { ListScreen } from '../list/ListScreen';
import { useSession } from '../session/SessionProvider';

// The sleep billing lists of 000 §2.4: a definition each; the server refuses a report type the
// user may not see (001 §2.4).

/** The report offers only the types the user may see (type 1 is hidden from role 16). */
export function SleepBillingReportScreen() {
  const { user } = useSession();
  const role = lowestRoleId(user?.roleid ?? []);
  const def = useMemo((): ListDef => {
    const allowed: readonly string[] = sleepBillingTypesFor(role);
    return {
      ...sleepBillingReportList,
      filters: sleepBillingReportList.filters.map((f) =>
        f.key === 'type' && f.options
          ? { ...f, options: f.options.filter((o) => allowed.includes(o.value)) }
          : f,
      ),
    };
  }, [role]);
  return <ListScreen def={def} />;
}

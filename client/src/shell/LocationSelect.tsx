import { Classes, HTMLSelect } from '@blueprintjs/core';
import { useSession } from '../session/SessionProvider';
import { ALL, useLocationFilter } from './location-filter';
import { SHELL_TEXT } from './shell-texts';

/**
 * The location/practice dropdown of the header (000 §2.7, §4.5): the practice dropdown shows when the rule allows
 * it (not for global roles, not with a single practice); otherwise the current practice's name shows as text.
 * Spec 000 §4.5 shows only the dropdown; the organisation's name (or 'All organizations' for the '*' scope) beside
 * it is our addition, so staff always see where they are working.
 */
export function LocationSelect() {
  const filter = useLocationFilter();
  const { user } = useSession();
  const organization =
    filter.organizationId === ALL ? SHELL_TEXT.allOrganizations : user?.data.organization_name;
  return (
    <div className="shell-location">
      {organization && (
        <span className={`shell-location-org ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{organization}</span>
      )}
      {filter.showsPracticeDropdown ? (
        <HTMLSelect
          aria-label={SHELL_TEXT.practice}
          minimal
          value={typeof filter.practiceId === 'number' ? filter.practiceId : ''}
          onChange={(event) => filter.setPractice(Number(event.currentTarget.value))}
          options={filter.practices.map((p) => ({ value: p.value, label: p.label }))}
        />
      ) : (
        filter.label !== '' && (
          <span className={`shell-location-practice ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{filter.label}</span>
        )
      )}
    </div>
  );
}

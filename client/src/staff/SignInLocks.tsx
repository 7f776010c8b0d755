import { Callout, HTMLTable, Intent } from '@blueprintjs/core';
import { displayDateTime, getSignInLocks } from '@rpm/shared';
import { useCall } from '../api/use-call';

/**
 * The sign-ins held back now and why (issue 44; decisions.md "Sign-in lock-out"), above the staff tables of those who
 * administer staff: nothing when no one is locked out.
 */
export function SignInLocks() {
  const { data } = useCall(getSignInLocks, {}, { quiet: true });
  const locks = data?.data ?? [];
  if (locks.length === 0) return null;
  return (
    <Callout intent={Intent.WARNING} title="Locked sign-ins" icon="lock">
      <HTMLTable compact striped aria-label="Locked sign-ins">
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col">Why</th>
            <th scope="col">Until</th>
          </tr>
        </thead>
        <tbody>
          {locks.map((lock) => (
            <tr key={`${lock.username} ${lock.address ?? ''}`}>
              <td>{lock.name ? `${lock.name} (${lock.username})` : lock.username}</td>
              <td>{lock.reason}</td>
              <td>{displayDateTime(lock.locked_until)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Callout>
  );
}

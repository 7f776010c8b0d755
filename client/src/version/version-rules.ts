import semverGt from 'semver/functions/gt';
import semverValid from 'semver/functions/valid';

/** How often the version is asked again while the app stays open (decisions.md "Version check"). */
export const VERSION_CHECK_MS = 30 * 60_000;

/**
 * Whether the server's latest version is newer than the running one (001 §4, 000 §7 getRpmVersion), by semantic
 * versioning. An unreadable version on either side counts as "not newer": the check must never nag by mistake.
 */
export function isNewerVersion(latest: string, running: string): boolean {
  const a = semverValid(latest.trim());
  const b = semverValid(running.trim());
  return a !== null && b !== null && semverGt(a, b);
}

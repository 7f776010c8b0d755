import semverGt from 'semver/functions/gt';
import semverValid from 'semver/functions/valid';

/**
 * Whether the server's latest version is newer than the running one (001 §4, 000 §7 getRpmVersion), by semantic
 * versioning. An unreadable version on either side counts as "not newer": the check must never nag by mistake.
 * Loaded by VersionCheck only when the two differ, so semver is not on the start page's path
 * (decisions.md "What a start page loads").
 */
export function isNewerVersion(latest: string, running: string): boolean {
  const a = semverValid(latest.trim());
  const b = semverValid(running.trim());
  return a !== null && b !== null && semverGt(a, b);
}

import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { getRpmVersion } from '@rpm/shared';
import { useEffect, useRef, useState } from 'react';
import { type CallRequest, call } from '../api/call';
import { clearCacheAndReload } from './clear-cache';

/** How often the version is asked again while the app stays open (decisions.md "Version check"). */
export const VERSION_CHECK_MS = 30 * 60_000;

/** Whether `latest` is newer than `running`; the same version is not, and needs no semver to say so. */
async function isNewer(latest: string, running: string): Promise<boolean> {
  if (latest === running.trim()) return false;
  const { isNewerVersion } = await import('./version-rules');
  return isNewerVersion(latest, running);
}

export interface VersionCheckProps {
  /** The running client's version; the build's own (`__APP_VERSION__`) unless a test says otherwise. */
  readonly runningVersion?: string;
}

/** The version check's question (001 §4); signing in asks it ahead of the shell (shell/start-calls.ts). */
export const VERSION_REQUEST: CallRequest<typeof getRpmVersion> = { body: { config_key: 'rpm_version' } };

/**
 * The version check (001 §4, 000 §7 getRpmVersion): on start and every 30 minutes the server is asked for the latest
 * client version; when it is newer than the running one a dialog offers to clear the cache and reload. Failures are
 * ignored (the check tries again later). 'Later' dismisses that version; a still newer one is offered again
 * (decisions.md "Version check").
 */
export function VersionCheck({ runningVersion = __APP_VERSION__ }: VersionCheckProps) {
  const [offered, setOffered] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const dismissed = useRef(new Set<string>());

  useEffect(() => {
    let current = true;
    const check = async () => {
      try {
        const answer = await call(getRpmVersion, VERSION_REQUEST);
        const latest = answer.data.value.trim();
        const newer = await isNewer(latest, runningVersion);
        if (current && newer && !dismissed.current.has(latest)) setOffered(latest);
      } catch {
        // 001 §4 shows no failure for this check; it runs again on the next interval.
      }
    };
    void check();
    const timer = setInterval(() => void check(), VERSION_CHECK_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [runningVersion]);

  const later = () => {
    if (offered !== null) dismissed.current.add(offered);
    setOffered(null);
  };
  const reload = () => {
    setReloading(true);
    void clearCacheAndReload();
  };

  return (
    <Dialog
      isOpen={offered !== null}
      title="A new version is available"
      icon="refresh"
      onClose={later}
      canOutsideClickClose={false}
    >
      <DialogBody>
        <p>
          Version {offered} of the application is available; this window runs version {runningVersion}. Clear
          the cache and reload to use the new version. Save your work first: unsaved changes on this page are
          lost.
        </p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Later" onClick={later} disabled={reloading} />
            <Button
              intent={Intent.PRIMARY}
              text="Clear cache and reload"
              loading={reloading}
              onClick={reload}
            />
          </>
        }
      />
    </Dialog>
  );
}

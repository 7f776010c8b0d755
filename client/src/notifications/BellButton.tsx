import { Alert, Button, Intent, PopoverNext } from '@blueprintjs/core';
import { clearAllNotificationsForUser, getAllForBellIcon, HUB_EVENTS, MSG, SNACKBAR_MS } from '@rpm/shared';
import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useApi } from '../errors/ErrorDialogProvider';
import { useHubConnect, useHubEvent } from '../hub/HubProvider';
import { useUnreadCount } from '../machines/hooks';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';
import { type BellEntry, BellList } from './BellList';
import { openNotification } from './open-notification';
import { sanitizeMessages } from './sanitize-message';
import './notifications.css';

/** The badge shows at most this (decisions.md "Task badge"). */
const BADGE_CAP = 99;

/**
 * The bell in the top bar (000 §2.7, §2.8, §4.6): the unread count as a badge, and a 350 px popup listing the
 * notifications. Choosing one opens the patient (see openNotification); 'Clear All' asks first, clears and shows
 * 'Updated Successfully' for 3 seconds. A notification arriving over the hub refreshes the count (and the open
 * list) at once instead of waiting for the 10-minute poll.
 */
export function BellButton() {
  const { user } = useSession();
  const api = useApi();
  const [, navigate] = useLocation();
  const { count, refresh } = useUnreadCount();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [entries, setEntries] = useState<readonly BellEntry[] | null>(null);
  // Answers to older loads are dropped, so a slow answer cannot overwrite a newer list.
  const loads = useRef(0);

  const load = useCallback(async () => {
    const id = ++loads.current;
    try {
      const answer = await api.call(getAllForBellIcon);
      const html = await sanitizeMessages(answer.data.map((n) => n.notification_message));
      if (id !== loads.current) return;
      setEntries(
        answer.data.map((n, i) => ({
          id: n.notification_id,
          patientId: n.fk_patient_id,
          patient: n.patient,
          icon: n.device_type_icon,
          html: html[i] ?? '',
          createdAt: n.created_at,
          unread: n.is_read === 0,
        })),
      );
    } catch {
      // The error dialog shows the failure (000 §8); the popup closes rather than stay on 'Loading...'.
      if (id === loads.current) setOpen(false);
    }
  }, [api]);

  useHubEvent(HUB_EVENTS.notificationNew, () => {
    refresh(true);
    if (open) void load();
  });
  // A notification pushed before this tab's socket (re)connected is not replayed: count again.
  useHubConnect(() => refresh(true));

  const toggle = (next: boolean) => {
    // The confirmation is a separate overlay: clicks on it must not close the popup underneath.
    if (confirming || next === open) return;
    setOpen(next);
    if (next) {
      setEntries(null);
      void load();
    }
  };

  const choose = async (entry: BellEntry) => {
    if (!user || entry.patientId === null) return;
    setOpen(false);
    try {
      await openNotification(entry.patientId, { api, navigate, user });
    } catch {
      // Shown by the error dialog (000 §8).
    } finally {
      refresh(true);
    }
  };

  const clearAll = async () => {
    if (!user) return;
    setClearing(true);
    try {
      // 000 §7: {userid, roleid} with the user's first role (none: decisions.md "No role").
      await api.call(clearAllNotificationsForUser, {
        body: { userid: user.user_id, roleid: user.roleid[0] ?? 0 },
      });
      setConfirming(false);
      void showToast({ message: MSG.updatedSuccessfully, intent: Intent.SUCCESS, timeout: SNACKBAR_MS });
      refresh(true);
      void load();
    } catch {
      setConfirming(false);
    } finally {
      setClearing(false);
    }
  };

  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <>
      <PopoverNext
        isOpen={open}
        onInteraction={toggle}
        placement="bottom-end"
        content={<BellList entries={entries} onChoose={choose} onClearAll={() => setConfirming(true)} />}
        renderTarget={({ isOpen, ...targetProps }) => {
          // The popup's ARIA state belongs on the button: a plain span may not carry it (axe aria-allowed-attr).
          const {
            'aria-haspopup': hasPopup,
            'aria-expanded': _expanded,
            ...spanProps
          } = targetProps as typeof targetProps & {
            'aria-haspopup'?: boolean | 'menu' | 'listbox' | 'tree' | 'grid' | 'dialog';
            'aria-expanded'?: boolean;
          };
          return (
            <span {...spanProps} className={`bell-target ${targetProps.className ?? ''}`}>
              <Button
                variant="minimal"
                icon="notifications"
                aria-label={label}
                aria-haspopup={hasPopup}
                aria-expanded={isOpen}
              />
              {count > 0 && (
                <span className="bell-badge" aria-hidden>
                  {count > BADGE_CAP ? `${BADGE_CAP}+` : count}
                </span>
              )}
            </span>
          );
        }}
      />
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        confirmButtonText={MSG.yes}
        cancelButtonText={MSG.no}
        loading={clearing}
        onConfirm={() => void clearAll()}
        onCancel={() => setConfirming(false)}
      >
        <p>{MSG.clearAllConfirm}</p>
      </Alert>
    </>
  );
}

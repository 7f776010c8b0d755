import { Button, Classes, Icon, Intent } from '@blueprintjs/core';
import { BELL_POPUP_WIDTH_PX, displayDateTime, type ListPatient, MSG, upperNames } from '@rpm/shared';
import { useState } from 'react';
import { PatientIdentity } from '../patient/PatientIdentity';

/** A bell entry ready to show: the server's record with its message already sanitised. */
export interface BellEntry {
  readonly id: number;
  readonly patientId: number | null;
  /** The patient named with DOB, MRN or RPM ID and the 'Same name' marker; null without one. */
  readonly patient: ListPatient | null;
  readonly icon: string | null;
  /** Sanitised HTML (see sanitize-message.ts). */
  readonly html: string;
  readonly createdAt: string;
  readonly unread: boolean;
}

export interface BellListProps {
  /** `null` while loading. */
  readonly entries: readonly BellEntry[] | null;
  readonly onChoose: (entry: BellEntry) => void;
  readonly onClearAll: () => void;
}

/**
 * The bell popup (000 §2.8), 350 px wide: every notification with its device-type icon and HTML message,
 * 'Loading...' while loading, 'No alerts for you' when there is none, and a clear-all action
 * (decisions.md "Texts the spec does not quote").
 */
export function BellList({ entries, onChoose, onClearAll }: BellListProps) {
  return (
    <section className="bell-popup" style={{ width: BELL_POPUP_WIDTH_PX }} aria-label="Notifications">
      <header className="bell-popup-header">
        <h2 className="bell-popup-title">Notifications</h2>
        <Button
          variant="minimal"
          size="small"
          intent={Intent.DANGER}
          text="Clear All"
          disabled={entries === null || entries.length === 0}
          onClick={onClearAll}
        />
      </header>
      {entries === null ? (
        <p className="bell-popup-state">{MSG.loading}</p>
      ) : entries.length === 0 ? (
        <p className="bell-popup-state">{MSG.noAlerts}</p>
      ) : (
        <ul className="bell-popup-list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <BellItem entry={entry} onChoose={onChoose} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BellItem({
  entry,
  onChoose,
}: {
  readonly entry: BellEntry;
  readonly onChoose: BellListProps['onChoose'];
}) {
  const body = (
    <>
      <DeviceIcon icon={entry.icon} />
      <span className="bell-entry-text">
        {entry.patient && (
          <PatientIdentity patient={upperNames(entry.patient)} sameName={entry.patient.same_name} />
        )}
        {/* Sanitised with DOMPurify to simple formatting tags before it gets here (000 §2.8 "an HTML message"). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised above */}
        <span className="bell-entry-message" dangerouslySetInnerHTML={{ __html: entry.html }} />
        <span className={`bell-entry-time ${Classes.TEXT_MUTED}`}>{displayDateTime(entry.createdAt)}</span>
      </span>
    </>
  );
  const className = entry.unread ? 'bell-entry bell-entry-unread' : 'bell-entry';
  // A notification without a patient (a message sent from 'Vital Configuration') has no chart to open; spec 000
  // §2.8 only describes patient notifications, so it is shown as text, not as a link.
  if (entry.patientId === null) return <div className={className}>{body}</div>;
  return (
    <button type="button" className={className} onClick={() => onChoose(entry)}>
      {body}
    </button>
  );
}

/** The device-type image from icons/{device_type_icon} (000 §7); a neutral icon when it is missing or broken. */
function DeviceIcon({ icon }: { readonly icon: string | null }) {
  const [broken, setBroken] = useState(false);
  if (icon === null || icon === '' || broken) {
    return <Icon className="bell-entry-icon" icon="pulse" aria-hidden />;
  }
  // Absolute, so the image loads from the app's root whatever page the bell is opened on.
  return (
    <img
      className="bell-entry-icon"
      src={`/icons/${encodeURIComponent(icon)}`}
      alt=""
      width={24}
      height={24}
      onError={() => setBroken(true)}
    />
  );
}

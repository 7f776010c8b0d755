import { Alert, Classes, H4, InputGroup, Intent, PopoverAnimation, PopoverNext } from '@blueprintjs/core';
import {
  isPatientSearch,
  isValidSearch,
  type MenuLink,
  MSG,
  type PatientMatch,
  searchableEntries,
  searchPatients,
  searchSuggestions,
} from '@rpm/shared';
import { type KeyboardEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { PatientIdentity } from '../../patient/PatientIdentity';
import { useSession } from '../../session/SessionProvider';
import { readTempLogin } from '../../session/storage';
import { usePatientResults } from './use-patient-results';
import './menu.css';

/** The search field's accessible name and placeholder (decisions.md "Texts the spec does not quote"). */
const SEARCH_LABEL = 'Search';

/** Shown when a valid search matches nothing (decisions.md "Texts the spec does not quote"). */
export const SEARCH_NO_MATCH = 'No matching pages';
/** The same, for a user who may search patients too. */
export const SEARCH_NO_MATCH_PATIENTS = 'No matching pages or patients';
/** While the patients of the text are looked for. */
const SEARCH_SEARCHING = 'Searching patients…';

/** The chart a patient result opens (000 §2.3). */
const chartOf = (patientId: number) => `/app/patient-chart/overview/${patientId}`;

/** One choice of the list: a menu entry, or a patient (found, or a recent chart). */
type Choice =
  | { readonly kind: 'page'; readonly entry: MenuLink }
  | { readonly kind: 'patient'; readonly patient: PatientMatch };

const linkOf = (choice: Choice) =>
  choice.kind === 'page' ? choice.entry.link : chartOf(choice.patient.patient_id);

/**
 * The search box of the top bar (000 §2.7, §5): a combobox suggesting at most 5 menu entries the user may open whose
 * label holds the typed text (see `searchSuggestions`), and for a user with the 'Patient Chart' entry the patients
 * the text finds (name, date of birth, phone, MRN or RPM ID) or, in an empty box, the charts opened
 * last. Arrow keys move through both; Enter opens the chosen one, or the first when none is chosen. Enter on an
 * empty search, or on one with special characters that is no patient search either, opens the 'Alert' dialog with
 * 'Search Cannot be Empty or contain Special Characters' and OK (decisions.md "Patient search").
 */
export function SearchBox() {
  const { user } = useSession();
  const [pathname, navigate] = useLocation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [invalid, setInvalid] = useState(false);
  const wrapper = useRef<HTMLDivElement | null>(null);
  const listId = useId();
  const titleId = useId();
  const bodyId = useId();

  const tempLogin = readTempLogin();
  const entries = useMemo(
    () => (user ? searchableEntries(user, { tempLogin, pathname }) : []),
    [user, tempLogin, pathname],
  );
  const suggestions = useMemo(() => searchSuggestions(entries, text), [entries, text]);
  const patientUser = user?.pages.includes(searchPatients.access.page) ? user.user_id : undefined;
  const patients = usePatientResults(text, open, patientUser);
  if (!user) return null;

  const valid = isValidSearch(text) || (patientUser !== undefined && isPatientSearch(text));
  const choices: Choice[] = [
    ...suggestions.map((entry): Choice => ({ kind: 'page', entry })),
    ...patients.patients.map((patient): Choice => ({ kind: 'patient', patient })),
  ];
  const recent = text.trim() === '' && choices.length > 0;
  const shown = open && (valid || recent);
  const optionId = (i: number) => `${listId}-option-${i}`;

  const go = (choice: Choice) => {
    setText('');
    setOpen(false);
    setActive(-1);
    navigate(linkOf(choice));
  };

  const move = (step: 1 | -1) => {
    if (choices.length === 0) return;
    setOpen(true);
    setActive((i) =>
      i < 0 ? (step === 1 ? 0 : choices.length - 1) : (i + step + choices.length) % choices.length,
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Escape':
        setOpen(false);
        setActive(-1);
        break;
      case 'Enter': {
        event.preventDefault();
        const chosen = choices[active] ?? (valid ? choices[0] : undefined);
        if (chosen) go(chosen);
        else if (!valid) {
          setOpen(false);
          setInvalid(true);
        } else setOpen(true);
        break;
      }
    }
  };

  const option = (choice: Choice, i: number): ReactNode => (
    // The keyboard stays in the combobox (aria-activedescendant); options only take the mouse.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <div
      key={linkOf(choice)}
      id={optionId(i)}
      role="option"
      tabIndex={-1}
      aria-selected={i === active}
      className={`${Classes.MENU_ITEM} search-box-option${i === active ? ` ${Classes.ACTIVE}` : ''}`}
      // Keep the focus in the field, so the list stays open until the click lands.
      onMouseDown={(event) => event.preventDefault()}
      onMouseEnter={() => setActive(i)}
      onClick={() => go(choice)}
    >
      {choice.kind === 'page' ? (
        <span className={Classes.FILL}>{choice.entry.label}</span>
      ) : (
        <span className={`${Classes.FILL} search-box-patient`}>
          <PatientIdentity patient={choice.patient} />
          <span className={`${Classes.TEXT_MUTED} search-box-practice`}>{choice.patient.practice_name}</span>
        </span>
      )}
    </div>
  );
  const pages = choices.filter((choice) => choice.kind === 'page');
  const found = choices.filter((choice) => choice.kind === 'patient');
  const empty = patients.searching
    ? SEARCH_SEARCHING
    : patientUser !== undefined && isPatientSearch(text)
      ? SEARCH_NO_MATCH_PATIENTS
      : SEARCH_NO_MATCH;

  const list = (
    <div id={listId} role="listbox" aria-label={SEARCH_LABEL} className={`${Classes.MENU} search-box-list`}>
      {pages.map(option)}
      {found.length > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: a listbox's group of options (ARIA), not a form's fieldset
        <div role="group" aria-label={patients.heading}>
          <div aria-hidden="true" className={`${Classes.MENU_HEADER} search-box-heading`}>
            {patients.heading}
          </div>
          {found.map((choice, i) => option(choice, pages.length + i))}
        </div>
      )}
      {(choices.length === 0 || patients.searching) && (
        <div className={`${Classes.MENU_ITEM} ${Classes.DISABLED}`}>{empty}</div>
      )}
    </div>
  );

  // Blueprint's Alert takes no aria props in its type, though its Dialog reads them: name the dialog 'Alert'.
  const alertNames = { 'aria-labelledby': titleId, 'aria-describedby': bodyId } as Record<string, string>;
  return (
    <>
      <PopoverNext
        isOpen={shown}
        onInteraction={(next) => {
          if (!next) setOpen(false);
        }}
        autoFocus={false}
        enforceFocus={false}
        animation={PopoverAnimation.MINIMAL}
        arrow={false}
        placement="bottom-start"
        content={list}
        renderTarget={({ ref, className }) => (
          <div
            ref={(el) => {
              wrapper.current = el;
              if (typeof ref === 'function') ref(el);
              else if (ref) (ref as { current: HTMLDivElement | null }).current = el;
            }}
            className={`${className ?? ''} search-box`}
          >
            <InputGroup
              type="search"
              leftIcon="search"
              placeholder={SEARCH_LABEL}
              aria-label={SEARCH_LABEL}
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={shown}
              aria-controls={listId}
              aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
              autoComplete="off"
              value={text}
              onValueChange={(value) => {
                setText(value);
                setActive(-1);
                setOpen(true);
              }}
              onFocus={() => setOpen(true)}
              // The field keeps the focus after a choice: a click opens the list again (the recent charts).
              onClick={() => setOpen(true)}
              onBlur={() => setOpen(false)}
              onKeyDown={onKeyDown}
            />
          </div>
        )}
      />
      <Alert
        {...alertNames}
        isOpen={invalid}
        intent={Intent.PRIMARY}
        icon="warning-sign"
        confirmButtonText={MSG.ok}
        canEscapeKeyCancel
        onClose={() => setInvalid(false)}
      >
        <H4 id={titleId}>{MSG.alert}</H4>
        <p id={bodyId}>{MSG.searchInvalid}</p>
      </Alert>
    </>
  );
}

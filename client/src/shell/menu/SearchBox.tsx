import { Alert, Classes, H4, InputGroup, Intent, PopoverAnimation, PopoverNext } from '@blueprintjs/core';
import { isValidSearch, type MenuLink, MSG, searchableEntries, searchSuggestions } from '@rpm/shared';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../../session/SessionProvider';
import { readTempLogin } from '../../session/storage';
import './menu.css';

/** The search field's accessible name and placeholder (decisions.md "Texts the spec does not quote"). */
const SEARCH_LABEL = 'Search';

/** Shown when a valid search matches nothing (decisions.md "Texts the spec does not quote"). */
export const SEARCH_NO_MATCH = 'No matching pages';

/**
 * The search box of the top bar (000 §2.7, §5): a combobox suggesting at most 5 menu entries the user may open whose
 * label holds the typed text (see `searchSuggestions`). Arrow keys move through the suggestions; Enter opens the
 * chosen one, or the first when none is chosen. Enter on an empty search or one with special characters opens the
 * 'Alert' dialog with 'Search Cannot be Empty or contain Special Characters' and OK.
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
  if (!user) return null;

  const valid = isValidSearch(text);
  const shown = open && valid;
  const optionId = (i: number) => `${listId}-option-${i}`;

  const go = (entry: MenuLink) => {
    setText('');
    setOpen(false);
    setActive(-1);
    navigate(entry.link);
  };

  const move = (step: 1 | -1) => {
    if (suggestions.length === 0) return;
    setOpen(true);
    setActive((i) =>
      i < 0
        ? step === 1
          ? 0
          : suggestions.length - 1
        : (i + step + suggestions.length) % suggestions.length,
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
        if (!valid) {
          setOpen(false);
          setInvalid(true);
          return;
        }
        const chosen = suggestions[active] ?? suggestions[0];
        if (chosen) go(chosen);
        else setOpen(true);
        break;
      }
    }
  };

  const list = (
    <div id={listId} role="listbox" aria-label={SEARCH_LABEL} className={`${Classes.MENU} search-box-list`}>
      {suggestions.length === 0 ? (
        <div className={`${Classes.MENU_ITEM} ${Classes.DISABLED}`}>{SEARCH_NO_MATCH}</div>
      ) : (
        suggestions.map((entry, i) => (
          // The keyboard stays in the combobox (aria-activedescendant); options only take the mouse.
          // biome-ignore lint/a11y/useKeyWithClickEvents: see above
          <div
            key={entry.link}
            id={optionId(i)}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            className={`${Classes.MENU_ITEM} search-box-option${i === active ? ` ${Classes.ACTIVE}` : ''}`}
            // Keep the focus in the field, so the list stays open until the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => go(entry)}
          >
            <span className={Classes.FILL}>{entry.label}</span>
          </div>
        ))
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

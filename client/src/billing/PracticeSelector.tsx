import { Button, Classes, InputGroup, Spinner, SpinnerSize } from '@blueprintjs/core';
import { MSG } from '@rpm/shared';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import type { PracticeChoice } from './billing-report-state';

/** Loads the practices matching `text` ('' for all); `signal` aborts a superseded search. */
export type PracticeLoader = (text: string, signal: AbortSignal) => Promise<readonly PracticeChoice[]>;

export interface PracticeSelectorProps {
  /** The chosen practice; `null` for none (all practices in scope). */
  readonly value: PracticeChoice | null;
  /** Called with the chosen practice, or `null` when cleared. */
  readonly onChange: (practice: PracticeChoice | null) => void;
  /** Where the options come from (getAllPractices or searchPracticeByUserId, 001 §7). */
  readonly loadOptions: PracticeLoader;
}

/**
 * The practice search selector of the billing toolbar (001 §2.1, §2.4): a combobox with the placeholder
 * 'Search Practice' that lists the practices matching what is typed, and a clear button. Arrow keys move through
 * the list, Enter chooses, Escape closes; 'No options' when nothing matches (001 §2.10).
 */
export function PracticeSelector({ value, onChange, loadOptions }: PracticeSelectorProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  // What the user typed since opening; `null` shows the chosen practice's name.
  const [query, setQuery] = useState<string | null>(null);
  const [options, setOptions] = useState<readonly PracticeChoice[]>([]);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(0);

  const text = query ?? '';
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setLoading(true);
    loadOptions(text, controller.signal)
      .then((found) => {
        if (controller.signal.aborted) return;
        setOptions(found);
        setActive(0);
      })
      .catch(() => {
        // The caller's loader has shown the error dialog; the list shows 'No options'.
        if (!controller.signal.aborted) setOptions([]);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [open, text, loadOptions]);

  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const choose = (practice: PracticeChoice) => {
    close();
    if (practice.practiceId !== value?.practiceId) onChange(practice);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (options.length === 0 ? 0 : (index + step + options.length) % options.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const practice = options[active];
      if (open && practice) choose(practice);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const activeOption = open && options[active] ? `${listId}-${active}` : undefined;
  return (
    <div className="billing-practice">
      <InputGroup
        role="combobox"
        aria-label={MSG.searchPractice}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption}
        placeholder={MSG.searchPractice}
        leftIcon="search"
        value={query ?? value?.label ?? ''}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        rightElement={
          value ? (
            <Button
              variant="minimal"
              icon="cross"
              aria-label="Clear practice"
              // Keeps the focus in the input, so the list does not flash open and shut.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                close();
                onChange(null);
              }}
            />
          ) : undefined
        }
      />
      {open && (
        <div className={`billing-practice-list ${Classes.ELEVATION_2}`}>
          {loading && options.length === 0 ? (
            <div className="billing-practice-empty">
              <Spinner size={SpinnerSize.SMALL} aria-label={MSG.loading} />
            </div>
          ) : options.length === 0 ? (
            <div className="billing-practice-empty">{MSG.noOptions}</div>
          ) : null}
          <div id={listId} role="listbox" aria-label={MSG.searchPractice} className={Classes.MENU}>
            {options.map((practice, index) => (
              <div
                key={practice.practiceId}
                id={`${listId}-${index}`}
                role="option"
                // Reached through the input's aria-activedescendant, not the tab order.
                tabIndex={-1}
                aria-selected={practice.practiceId === value?.practiceId}
                className={`${Classes.MENU_ITEM} ${index === active ? Classes.ACTIVE : ''}`}
                // Chosen on mouse down, before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(practice);
                }}
                onMouseEnter={() => setActive(index)}
              >
                {practice.label}
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

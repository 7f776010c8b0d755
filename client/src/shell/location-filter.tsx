import type { StoredUser } from '@rpm/shared';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { z } from 'zod';

/**
 * The location filter's role lists (000 §4.5, §6.2 "Location scope"; decisions.md "Location scope roles"):
 * privileged (organisation '*' and practice '*') and global (no practice dropdown).
 */
const PRIVILEGED_ROLE_IDS: readonly number[] = [1];
/** See {@link PRIVILEGED_ROLE_IDS}. */
const GLOBAL_ROLE_IDS: readonly number[] = [1, 10, 11];

/** The whole organisation or practice scope (000 §4.5). */
export const ALL = '*';

/** The current organisation and practice (000 §4.5). */
export interface LocationSelection {
  /** The organisation id, '*' for every organisation, `null` when the user record has none. */
  readonly organizationId: number | typeof ALL | null;
  /** The practice id, '*' for every practice, `null` when the user belongs to no practice. */
  readonly practiceId: number | typeof ALL | null;
  /** The practice's name; empty for privileged users and users without a practice. */
  readonly label: string;
}

type LocationUser = Pick<StoredUser, 'roleid' | 'data'>;

function anyRoleIn(user: LocationUser, list: readonly number[]): boolean {
  return user.roleid.some((id) => list.includes(id));
}

/** The selection a user starts with (000 §4.5): '*', '*' and '' when privileged, else their organisation and first practice. */
export function initialLocation(user: LocationUser): LocationSelection {
  if (anyRoleIn(user, PRIVILEGED_ROLE_IDS)) return { organizationId: ALL, practiceId: ALL, label: '' };
  const first = user.data.practices[0];
  return {
    organizationId: user.data.organization_id,
    practiceId: first?.value ?? null,
    label: first?.label ?? '',
  };
}

/** Whether the practice dropdown shows (000 §4.5): not for 'global' roles, and not with one practice or none. */
export function showsPracticeDropdown(user: LocationUser): boolean {
  return !anyRoleIn(user, GLOBAL_ROLE_IDS) && user.data.practices.length > 1;
}

/**
 * The selection after choosing practice `practiceId` (000 §4.5: id and label change). A practice the user does not
 * belong to leaves the selection as it was.
 */
export function selectPractice(
  user: LocationUser,
  current: LocationSelection,
  practiceId: number,
): LocationSelection {
  const practice = user.data.practices.find((p) => p.value === practiceId);
  return practice ? { ...current, practiceId: practice.value, label: practice.label } : current;
}

// The choice is kept for the tab, in session storage (decisions.md "Location scope roles").
const storedPractice = z.object({ userId: z.number().int(), practiceId: z.number().int() });
const PRACTICE_KEY = 'locationFilter';

function readStoredPractice(userId: number): number | null {
  try {
    const parsed = storedPractice.safeParse(JSON.parse(sessionStorage.getItem(PRACTICE_KEY) ?? 'null'));
    return parsed.success && parsed.data.userId === userId ? parsed.data.practiceId : null;
  } catch {
    return null;
  }
}

function writeStoredPractice(userId: number, practiceId: number): void {
  try {
    sessionStorage.setItem(PRACTICE_KEY, JSON.stringify({ userId, practiceId }));
  } catch {
    // storage blocked: the choice holds for this page view
  }
}

/** The selection a signed-in shell opens with: the user's rule (000 §4.5), or their practice chosen earlier in this tab. */
export function startingLocation(user: LocationUser & Pick<StoredUser, 'user_id'>): LocationSelection {
  const start = initialLocation(user);
  const stored = showsPracticeDropdown(user) ? readStoredPractice(user.user_id) : null;
  return stored === null ? start : selectPractice(user, start, stored);
}

/** The location filter as later screens use it. */
export interface LocationFilter extends LocationSelection {
  /** The practices to choose from (the user's own). */
  readonly practices: StoredUser['data']['practices'];
  /** Whether the practice dropdown shows (000 §4.5). */
  readonly showsPracticeDropdown: boolean;
  /** Chooses a practice: updates the current practice id and label (000 §4.5). */
  readonly setPractice: (practiceId: number) => void;
}

const LocationFilterContext = createContext<LocationFilter | null>(null);

export interface LocationFilterProviderProps {
  /** The signed-in user; the selection starts over when the user changes. */
  readonly user: StoredUser;
  readonly children: ReactNode;
}

/** Holds the current organisation and practice for the signed-in shell (000 §4.5). */
export function LocationFilterProvider({ user, children }: LocationFilterProviderProps) {
  return (
    // A new user (temporary login, or another sign-in) starts from their own rule, not from the last one's choice.
    <LocationFilterState key={user.user_id} user={user}>
      {children}
    </LocationFilterState>
  );
}

function LocationFilterState({ user, children }: LocationFilterProviderProps) {
  const [selection, setSelection] = useState<LocationSelection>(() => startingLocation(user));
  const setPractice = useCallback(
    (practiceId: number) => {
      setSelection((current) => selectPractice(user, current, practiceId));
      if (user.data.practices.some((p) => p.value === practiceId))
        writeStoredPractice(user.user_id, practiceId);
    },
    [user],
  );
  const value = useMemo<LocationFilter>(
    () => ({
      ...selection,
      practices: user.data.practices,
      showsPracticeDropdown: showsPracticeDropdown(user),
      setPractice,
    }),
    [selection, user, setPractice],
  );
  return <LocationFilterContext.Provider value={value}>{children}</LocationFilterContext.Provider>;
}

/** The current organisation and practice (000 §4.5); use inside the signed-in shell. */
export function useLocationFilter(): LocationFilter {
  const filter = useContext(LocationFilterContext);
  if (!filter) throw new Error('useLocationFilter needs a <LocationFilterProvider> above it');
  return filter;
}

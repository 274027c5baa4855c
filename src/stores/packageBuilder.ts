// The package builder's saved state (spec 3 §3 "Package builder saved state", §4 "state persisted on
// every change"): one atom, written to localStorage on every change and read back on the next visit
// of /package-builder/create. The entry names its owner (partner and user), so another account
// signing in on the same browser starts afresh; signing out removes it (LOGOUT_LOCAL_KEYS), since
// it may hold customer ids.
import { atom } from 'nanostores';
import { initialBuilderState, restoreBuilderState, type BuilderState } from '../lib/packages/rules';

export const PACKAGE_BUILDER_KEY = 'encore.packageBuilder';

export const $packageBuilder = atom<BuilderState>(initialBuilderState());

let owner: string | null = null;

function write(state: BuilderState): void {
  if (owner === null) return;
  try {
    localStorage.setItem(PACKAGE_BUILDER_KEY, JSON.stringify({ owner, state }));
  } catch {
    // storage full or unavailable: the wizard still works, it just is not restored
  }
}

/** Reads the stored state of this owner into the atom (the wizard calls it once mounted). */
export function loadPackageBuilder(ownerId: string): BuilderState {
  owner = ownerId;
  let state = initialBuilderState();
  try {
    const raw = localStorage.getItem(PACKAGE_BUILDER_KEY);
    const parsed = raw ? (JSON.parse(raw) as { owner?: unknown; state?: unknown }) : null;
    if (parsed?.owner === ownerId) state = restoreBuilderState(parsed.state);
  } catch {
    // unreadable entry: start afresh
  }
  $packageBuilder.set(state);
  return state;
}

/** Changes the state and stores it at once. */
export function updatePackageBuilder(change: (state: BuilderState) => BuilderState): void {
  const next = change($packageBuilder.get());
  if (next === $packageBuilder.get()) return;
  $packageBuilder.set(next);
  write(next);
}

/** spec 3 §2: Back on step 1 (and a successful build) resets the saved builder state. */
export function resetPackageBuilder(): void {
  $packageBuilder.set(initialBuilderState());
  try {
    localStorage.removeItem(PACKAGE_BUILDER_KEY);
  } catch {
    // storage unavailable
  }
}

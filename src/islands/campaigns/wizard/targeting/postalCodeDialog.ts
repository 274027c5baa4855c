// The postal-code dialog's states (spec 2 §4 Postal-code dialog): edit → matching → success (all
// matched; the summary follows after 3 s) or partial (some unmatched; read-only; Next keeps the
// matched ones) or error; a summary per country with edit, add another and Clear all; prompts
// before unmatched, deleted or cleared codes are dropped and before Close or Back lose changes.
// A pure reducer, so every transition is unit tested; the component only runs the match call.
import type { Location, PostalCountry } from '../../../../lib/contracts/fb-targeting';
import { addChips, chipKey, sameCodes } from './postalCodes';

/** Country code → matched postal-code locations (Targeting.postal_codes). */
export type PostalCodes = Record<string, Location[]>;

export type PostalView = 'summary' | 'edit' | 'matching' | 'success' | 'partial' | 'error';
export type PromptKind = 'unmatched' | 'deleted' | 'cleared' | 'discard';

/** spec 2 §9: the summary follows a full match after 3 s. */
export const SUCCESS_SUMMARY_MS = 3000;

export type PostalAction =
  | { type: 'country'; country: PostalCountry }
  | { type: 'type'; text: string }
  | { type: 'removeChip'; code: string }
  | { type: 'clearChips'; confirmed?: boolean }
  | { type: 'matchStart' }
  | { type: 'matchDone'; matched: Location[]; unmatched: string[] }
  | { type: 'matchFailed'; error: string }
  | { type: 'toSummary' }
  | { type: 'next'; confirmed?: boolean }
  | { type: 'back'; confirmed?: boolean }
  | { type: 'close'; confirmed?: boolean }
  | { type: 'editCountry'; country: PostalCountry }
  | { type: 'addAnother' }
  | { type: 'removeCountry'; country: string }
  | { type: 'clearAll'; confirmed?: boolean }
  | { type: 'confirm' }
  | { type: 'cancelPrompt' };

export interface PostalPrompt {
  kind: PromptKind;
  /** How many codes the confirmation drops (0 for a plain discard). */
  count: number;
  /** Run again, confirmed, when the user agrees. */
  then: PostalAction;
}

export interface PostalDialogState {
  /** What the targeting holds: the dialog changes it only on the summary's Next. */
  saved: PostalCodes;
  /** The summary being built. */
  draft: PostalCodes;
  view: PostalView;
  country: PostalCountry | null;
  chips: string[];
  /** The chosen country's codes in the draft when editing began: Match needs a change from them. */
  baseline: string[];
  matched: Location[];
  unmatched: string[];
  /** Codes the last input left out (too long or past the per-call limit). */
  cut: number;
  /** i18n key of the last match failure. */
  error: string | null;
  prompt: PostalPrompt | null;
  outcome: 'open' | 'saved' | 'closed';
}

const hasCodes = (p: PostalCodes) => Object.values(p).some((l) => l.length > 0);
const codesOf = (p: PostalCodes, country: string | null) => (country ? (p[country] ?? []).map((l) => l.name) : []);
const keysOf = (p: PostalCodes) => new Set(Object.values(p).flatMap((l) => l.map((x) => x.key)));
const countCodes = (p: PostalCodes) => Object.values(p).reduce((n, l) => n + l.length, 0);

/** Codes the saved targeting has and the draft no longer has. */
export function deletedCount(saved: PostalCodes, draft: PostalCodes): number {
  const kept = keysOf(draft);
  return [...keysOf(saved)].filter((k) => !kept.has(k)).length;
}

export function draftChanged(s: Pick<PostalDialogState, 'saved' | 'draft'>): boolean {
  const a = keysOf(s.saved);
  const b = keysOf(s.draft);
  return a.size !== b.size || [...a].some((k) => !b.has(k));
}

const chipsChanged = (s: PostalDialogState) => (s.view === 'edit' || s.view === 'error') && !sameCodes(s.chips, s.baseline);

/** spec 2 §5: Match needs a country, codes, a change from the saved codes, and no match under way. */
export function canMatch(s: PostalDialogState): boolean {
  return (s.view === 'edit' || s.view === 'error') && s.country !== null && s.chips.length > 0 && !sameCodes(s.chips, s.baseline);
}

/** Opens on the summary when the targeting has codes, else on an empty edit. */
export function initPostalDialog(saved: PostalCodes): PostalDialogState {
  const draft = Object.fromEntries(Object.entries(saved).filter(([, l]) => l.length > 0));
  return {
    saved: draft,
    draft,
    view: hasCodes(draft) ? 'summary' : 'edit',
    country: null,
    chips: [],
    baseline: [],
    matched: [],
    unmatched: [],
    cut: 0,
    error: null,
    prompt: null,
    outcome: 'open',
  };
}

const edit = (s: PostalDialogState, country: PostalCountry | null): PostalDialogState => {
  const codes = codesOf(s.draft, country);
  return { ...s, view: 'edit', country, chips: codes, baseline: codes, matched: [], unmatched: [], cut: 0, error: null };
};

const ask = (s: PostalDialogState, kind: PromptKind, count: number, then: PostalAction): PostalDialogState => ({ ...s, prompt: { kind, count, then } });

/** Keeps the matched codes of the edited country and shows the summary. */
function keepMatched(s: PostalDialogState): PostalDialogState {
  const draft = { ...s.draft };
  if (s.country) {
    if (s.matched.length) draft[s.country] = s.matched;
    else delete draft[s.country];
  }
  const next = { ...s, draft, matched: [], unmatched: [], chips: [], baseline: [], cut: 0 };
  return hasCodes(draft) ? { ...next, view: 'summary', country: null } : edit(next, s.country);
}

export function postalDialogReducer(s: PostalDialogState, a: PostalAction): PostalDialogState {
  switch (a.type) {
    case 'country': {
      if (s.view !== 'edit' && s.view !== 'error') return s;
      // Codes the country already has join the typed ones, so a match never drops them unseen.
      const existing = codesOf(s.draft, a.country);
      return { ...s, view: 'edit', country: a.country, chips: addChips(existing, s.chips.join(',')).chips, baseline: existing, error: null };
    }
    case 'type': {
      if (s.view !== 'edit' && s.view !== 'error') return s;
      const { chips, cut } = addChips(s.chips, a.text);
      return { ...s, view: 'edit', chips, cut, error: null };
    }
    case 'removeChip':
      if (s.view !== 'edit' && s.view !== 'error') return s;
      return { ...s, view: 'edit', chips: s.chips.filter((c) => chipKey(c) !== chipKey(a.code)), cut: 0 };
    case 'clearChips': {
      if (s.view !== 'edit' && s.view !== 'error') return s;
      const saved = s.chips.filter((c) => s.baseline.some((b) => chipKey(b) === chipKey(c))).length;
      if (saved > 0 && !a.confirmed) return ask(s, 'cleared', saved, { ...a, confirmed: true });
      return { ...s, view: 'edit', chips: [], cut: 0 };
    }
    case 'matchStart':
      return canMatch(s) ? { ...s, view: 'matching', error: null } : s;
    case 'matchDone':
      if (s.view !== 'matching') return s;
      return { ...s, view: a.unmatched.length ? 'partial' : 'success', matched: a.matched, unmatched: a.unmatched };
    case 'matchFailed':
      return s.view === 'matching' ? { ...s, view: 'error', error: a.error } : s;
    case 'toSummary':
      return s.view === 'success' ? keepMatched(s) : s;
    case 'next':
      if (s.view === 'success') return keepMatched(s);
      if (s.view === 'partial') return a.confirmed ? keepMatched(s) : ask(s, 'unmatched', s.unmatched.length, { ...a, confirmed: true });
      if (s.view === 'summary') {
        const deleted = deletedCount(s.saved, s.draft);
        if (deleted > 0 && !a.confirmed) return ask(s, 'deleted', deleted, { ...a, confirmed: true });
        return { ...s, outcome: 'saved', prompt: null };
      }
      return s;
    case 'back':
      // The partial result is read-only: Back returns to the codes to correct them.
      if (s.view === 'partial') return { ...s, view: 'edit', matched: [], unmatched: [] };
      if (s.view === 'matching') return s;
      if (s.view === 'edit' || s.view === 'error') {
        if (chipsChanged(s) && !a.confirmed) return ask(s, 'discard', 0, { ...a, confirmed: true });
        if (hasCodes(s.draft)) return { ...s, view: 'summary', country: null, chips: [], baseline: [], cut: 0, error: null, prompt: null };
        return closeOrAsk(s, a.confirmed);
      }
      return closeOrAsk(s, a.confirmed);
    case 'close':
      return closeOrAsk(s, a.confirmed);
    case 'editCountry':
      return s.view === 'summary' ? edit(s, a.country) : s;
    case 'addAnother':
      return s.view === 'summary' ? edit(s, null) : s;
    case 'removeCountry': {
      if (s.view !== 'summary') return s;
      const draft = { ...s.draft };
      delete draft[a.country];
      return hasCodes(draft) ? { ...s, draft } : edit({ ...s, draft }, null);
    }
    case 'clearAll':
      if (s.view !== 'summary') return s;
      if (!a.confirmed) return ask(s, 'cleared', countCodes(s.draft), { ...a, confirmed: true });
      return edit({ ...s, draft: {}, prompt: null }, null);
    case 'confirm':
      return s.prompt ? postalDialogReducer({ ...s, prompt: null }, s.prompt.then) : s;
    case 'cancelPrompt':
      return { ...s, prompt: null };
  }
}

function closeOrAsk(s: PostalDialogState, confirmed?: boolean): PostalDialogState {
  const changed = draftChanged(s) || chipsChanged(s) || s.view === 'partial' || s.view === 'success';
  if (changed && !confirmed) return ask(s, 'discard', 0, { type: 'close', confirmed: true });
  return { ...s, outcome: 'closed', prompt: null };
}

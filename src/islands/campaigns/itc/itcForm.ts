// spec 2 §4 "ITC regeneration" submit rules: the event is saved (pipeline skipped) only when the
// form differs from the event as loaded, the time zone ignored; then the run is started.
import type { EventFormInput } from '../../../lib/contracts/event-form';

/** The payload without tz, keys sorted at every depth: a browser in another zone has not changed the event. */
function comparable(p: EventFormInput): string {
  const { tz: _tz, ...rest } = p as EventFormInput & { tz?: string };
  return JSON.stringify(sortDeep(rest));
}

export function eventChanged(original: EventFormInput, current: EventFormInput): boolean {
  return comparable(original) !== comparable(current);
}

function sortDeep(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortDeep);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortDeep((v as Record<string, unknown>)[k])]));
  return v;
}

export type ItcSubmitStep = 'save' | 'regenerate';

/**
 * Runs the submit: save when changed, then regenerate. A failure says which step failed, so the
 * form can show 'Update failed' for the save and the server-response error for the run.
 */
export async function submitItc<R>(opts: {
  original: EventFormInput;
  current: EventFormInput;
  canSave: boolean;
  save: (payload: EventFormInput) => Promise<unknown>;
  regenerate: () => Promise<R>;
}): Promise<{ ok: true; run: R; saved: boolean } | { ok: false; step: ItcSubmitStep; error: unknown }> {
  const changed = opts.canSave && eventChanged(opts.original, opts.current);
  if (changed) {
    try {
      await opts.save(opts.current);
    } catch (error) {
      return { ok: false, step: 'save', error };
    }
  }
  try {
    return { ok: true, run: await opts.regenerate(), saved: changed };
  } catch (error) {
    return { ok: false, step: 'regenerate', error };
  }
}

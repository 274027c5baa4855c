// The editor's form values and their mapping to spec 3 §3's save payload. One form holds the
// shared fields and one or more date-and-location blocks; each block becomes one payload (the
// simulation sends one call per date entry). The resolver checks every block against the same
// contract the server uses, so the form and the API refuse the same input.
import type { FieldErrors, Resolver } from 'react-hook-form';
import { EventForm, SimulationForm, type EventDetails, type EventFormInput } from '../../../lib/contracts/event-form';

export interface BlockValues {
  date: string;
  time: string;
  city: string;
  venue: string;
  hall: string;
  /** Inputs hold text; '' is "not filled". */
  capacity: string;
  price: string;
}
export interface EditorValues {
  name: string;
  description: string;
  category: string;
  blocks: BlockValues[];
  lineups: { artist_name: string; artist_type: string }[];
  setlists: { artist_name: string; track: string }[];
}

export const BLOCK_FIELDS = ['date', 'time', 'city', 'venue', 'hall', 'capacity', 'price'] as const;

export const emptyBlock = (): BlockValues => ({ date: '', time: '', city: '', venue: '', hall: '', capacity: '', price: '' });
export const emptyValues = (): EditorValues => ({ name: '', description: '', category: '', blocks: [emptyBlock()], lineups: [], setlists: [] });

export const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

export function fromDetails(d: EventDetails): EditorValues {
  return {
    name: d.name,
    description: d.description,
    category: d.category,
    blocks: [
      {
        date: d.date,
        time: d.category === 'product' ? '' : d.time,
        city: d.city,
        venue: d.venue,
        hall: d.hall,
        capacity: d.category === 'product' ? '' : String(d.capacity),
        price: d.price == null ? '' : String(d.price),
      },
    ],
    lineups: d.lineups.map((l) => ({ ...l })),
    setlists: d.setlists.map((s) => ({ ...s })),
  };
}

const num = (s: string) => (s.trim() === '' ? null : Number.isFinite(Number(s)) ? Number(s) : s);

/** spec 3 §3: the full payload, or the product variant's name, description, date, category. */
export function toPayload(v: EditorValues, block: BlockValues, tz: string): EventFormInput {
  if (v.category === 'product') return { name: v.name, description: v.description, date: block.date, category: v.category, tz, status: 'RUNNING' };
  return {
    name: v.name,
    description: v.description,
    category: v.category,
    date: block.date,
    time: block.time,
    city: block.city,
    venue: block.venue,
    hall: block.hall,
    capacity: num(block.capacity),
    price: num(block.price),
    lineups: v.lineups,
    setlists: v.setlists,
    tz,
    status: 'RUNNING',
  };
}

function setIn(target: Record<string, unknown>, path: (string | number)[], value: unknown) {
  let node = target;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      if (node[key] === undefined) node[key] = value;
      return;
    }
    node[key] ??= typeof path[i + 1] === 'number' ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
}

/** Issue messages are eventEdit.errors keys; block fields land under blocks.{i}. */
export function editorResolver(tz: () => string, schema: typeof EventForm | typeof SimulationForm = EventForm): Resolver<EditorValues> {
  return async (values) => {
    const errors: Record<string, unknown> = {};
    values.blocks.forEach((block, i) => {
      const result = schema.safeParse(toPayload(values, block, tz()));
      if (result.success) return;
      for (const issue of result.error.issues) {
        const [head, ...rest] = issue.path as (string | number)[];
        const path = (BLOCK_FIELDS as readonly unknown[]).includes(head) ? ['blocks', i, head as string] : [head, ...rest];
        setIn(errors, path, { type: 'validate', message: issue.message });
      }
    });
    return Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<EditorValues> } : { values, errors: {} };
  };
}

/** Field-level numeric problems (spec 3 §8: Simulation.form.errors.invalidFields in the box). */
export function hasNumberProblems(errors: FieldErrors<EditorValues>): boolean {
  const numeric = new Set(['negativeError', 'decimalError', 'notANumber', 'capacityTooLarge', 'priceTooLarge', 'priceDecimals']);
  const blocks = (errors.blocks ?? []) as ({ capacity?: { message?: string }; price?: { message?: string } } | undefined)[];
  return Array.from(blocks).some((b) => [b?.capacity?.message, b?.price?.message].some((m) => m !== undefined && numeric.has(m)));
}

/** Copy dialog (spec 3 §4): overwrite replaces only the lists the source has entries in; append adds. */
export function mergeCopied(current: EditorValues, source: EventDetails, mode: 'overwrite' | 'append'): Pick<EditorValues, 'lineups' | 'setlists' | 'description'> {
  const lineups = source.lineups.map((l) => ({ ...l }));
  const setlists = source.setlists.map((s) => ({ ...s }));
  if (mode === 'append') {
    return {
      lineups: [...current.lineups, ...lineups],
      setlists: [...current.setlists, ...setlists],
      description: current.description || source.description,
    };
  }
  return {
    lineups: lineups.length ? lineups : current.lineups,
    setlists: setlists.length ? setlists : current.setlists,
    description: source.description || current.description,
  };
}

/**
 * spec 3 §4 and spec 2 §2 Routes: after an edit or cancel, the events drawer for lookout users and
 * shows, otherwise the campaigns list with the event's recommendations drawer open.
 */
export { returnAfterEdit as returnHref } from '../../campaigns/navigation';

/** Times on 30-minute steps for the start-time select. */
export const HALF_HOURS = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

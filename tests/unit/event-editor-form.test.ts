// The event editor's form logic (src/islands/events/editor/form.ts): block errors land at the
// block's fields, the danger box picks the number message, the copy merge follows spec 3 §4 and
// the return target follows spec 3 §4 "Returns".
import { describe, expect, it } from 'vitest';
import { editorResolver, emptyValues, hasNumberProblems, mergeCopied, returnHref, toPayload, type EditorValues } from '../../src/islands/events/editor/form';
import fs from 'node:fs';
import { E, earliestDate, type EventDetails } from '../../src/lib/contracts/event-form';
import { BULK_REASONS } from '../../src/lib/contracts/bulk-upload';

const values = (over: Partial<EditorValues> = {}): EditorValues => ({
  name: 'Mahler 2',
  description: '',
  category: 'symphony',
  blocks: [{ date: earliestDate('UTC'), time: '19:30', city: 'Köln', venue: 'Philharmonie', hall: 'Saal', capacity: '100', price: '10' }],
  lineups: [],
  setlists: [],
  ...over,
});
const resolve = (v: EditorValues) => editorResolver(() => 'UTC')(v, undefined, {} as never);

describe('editorResolver', () => {
  it('passes a valid form', async () => {
    expect((await resolve(values())).errors).toEqual({});
  });

  it('puts block problems under blocks.{i} and list problems under their rows', async () => {
    const v = values({
      blocks: [values().blocks[0], { ...values().blocks[0], date: '2020-01-01', capacity: '10.5', price: '-1' }],
      lineups: [{ artist_name: '', artist_type: '' }],
    });
    const { errors } = (await resolve(v)) as { errors: any };
    expect(errors.blocks[0]).toBeUndefined();
    expect(errors.blocks[1]).toMatchObject({ date: { message: 'tooEarly' }, capacity: { message: 'decimalError' }, price: { message: 'negativeError' } });
    expect(errors.lineups[0]).toMatchObject({ artist_name: { message: 'required' }, artist_type: { message: 'required' } });
    expect(hasNumberProblems(errors)).toBe(true);
  });

  it('refuses a capacity or price beyond what a venue has, with its own message, as a number problem', async () => {
    const v = values({ blocks: [{ ...values().blocks[0], capacity: '2147483648', price: '1e39' }, { ...values().blocks[0], capacity: '1000000', price: '12.345' }] });
    const { errors } = (await resolve(v)) as { errors: any };
    expect(errors.blocks[0]).toMatchObject({ capacity: { message: 'capacityTooLarge' }, price: { message: 'priceTooLarge' } });
    expect(errors.blocks[1]).toEqual({ price: expect.objectContaining({ message: 'priceDecimals' }) });
    expect(hasNumberProblems(errors)).toBe(true);
  });

  it('has a message in every language for every reason the contract gives (form and bulk upload)', () => {
    for (const lng of ['en', 'de']) {
      const dict = JSON.parse(fs.readFileSync(`public/locales/${lng}/common.json`, 'utf8'));
      for (const reason of Object.values(E)) expect(dict.eventEdit.errors[reason], `${lng} eventEdit.errors.${reason}`).toEqual(expect.any(String));
      for (const reason of BULK_REASONS) expect(dict.bulkUpload.reasons[reason], `${lng} bulkUpload.reasons.${reason}`).toEqual(expect.any(String));
      for (const key of ['ticketsTooLarge', 'revenueTooLarge']) expect(dict.event.salesEdit.errors[key], `${lng} ${key}`).toEqual(expect.any(String));
    }
  });

  it('an empty form is a required-fields problem, not a number problem', async () => {
    const { errors } = (await resolve(emptyValues())) as { errors: any };
    expect(errors.name.message).toBe('required');
    expect(errors.blocks[0].capacity.message).toBe('required');
    expect(hasNumberProblems(errors)).toBe(false);
  });
});

describe('toPayload', () => {
  it('sends the product variant without the show fields', () => {
    expect(toPayload(values({ category: 'product' }), values().blocks[0], 'Europe/Berlin')).toEqual({
      name: 'Mahler 2', description: '', date: earliestDate('UTC'), category: 'product', tz: 'Europe/Berlin', status: 'RUNNING',
    });
  });
  it('sends numbers as numbers and empty inputs as null', () => {
    const p = toPayload(values(), { ...values().blocks[0], price: '' }, 'UTC');
    expect(p).toMatchObject({ capacity: 100, price: null });
  });
});

describe('mergeCopied', () => {
  const source = { description: 'From source', lineups: [{ artist_name: 'S', artist_type: 'soloist' }], setlists: [] } as unknown as EventDetails;
  const current = values({ description: 'Mine', lineups: [{ artist_name: 'A', artist_type: 'band' }], setlists: [{ artist_name: 'C', track: 'T' }] });
  it('overwrite replaces only the lists the source has entries in', () => {
    expect(mergeCopied(current, source, 'overwrite')).toEqual({ description: 'From source', lineups: source.lineups, setlists: current.setlists });
  });
  it('append adds to the end and keeps an existing description', () => {
    expect(mergeCopied(current, source, 'append')).toEqual({ description: 'Mine', lineups: [...current.lineups, ...source.lineups], setlists: current.setlists });
  });
});

describe('returnHref', () => {
  it('goes to the drawer with lookout for a show, else to /campaigns', () => {
    expect(returnHref({ id: 'e1-sim-1', category: 'opera', lookout: true })).toBe('/events?drawer-open=true&event-id=e1-sim-1');
    expect(returnHref({ id: 'e1-sim-1', category: 'product', lookout: true })).toBe('/campaigns?drawer-open=true&event-id=e1-sim-1');
    expect(returnHref({ id: 'e 1', category: 'opera', lookout: false })).toBe('/campaigns?drawer-open=true&event-id=e+1');
  });
  it('on a narrow screen goes straight to the page the drawer link would hand over to', () => {
    expect(returnHref({ id: 'e1-sim-1', category: 'opera', lookout: true, width: 390 })).toBe('/events/e1-sim-1');
    expect(returnHref({ id: 'e1-sim-1', category: 'product', lookout: true, width: 390 })).toBe('/campaigns/e1-sim-1');
    expect(returnHref({ id: 'e1-sim-1', category: 'opera', lookout: false, width: 390 })).toBe('/campaigns/e1-sim-1');
    // Wide: the drawers.
    expect(returnHref({ id: 'e1-sim-1', category: 'opera', lookout: true, width: 1440 })).toBe('/events?drawer-open=true&event-id=e1-sim-1');
    expect(returnHref({ id: 'e1-sim-1', category: 'product', lookout: true, width: 1440 })).toBe('/campaigns?drawer-open=true&event-id=e1-sim-1');
  });
});

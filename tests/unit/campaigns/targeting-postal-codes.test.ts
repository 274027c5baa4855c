import { describe, expect, it } from 'vitest';
import type { Location } from '../../../src/lib/contracts/fb-targeting';
import { addChips, parseChipInput, sameCodes, unmatchedCsv, UNMATCHED_CSV_HEADER } from '../../../src/islands/campaigns/wizard/targeting/postalCodes';
import {
  canMatch,
  initPostalDialog,
  postalDialogReducer as reduce,
  type PostalAction,
  type PostalDialogState,
} from '../../../src/islands/campaigns/wizard/targeting/postalCodeDialog';

const zip = (cc: string, code: string): Location => ({
  key: `${cc}:${code}`,
  name: code,
  type: 'zip',
  region: null,
  region_id: null,
  country_code: cc,
  country_name: cc,
  primary_city: null,
  primary_city_id: null,
  latitude: null,
  longitude: null,
});
const run = (s: PostalDialogState, ...actions: PostalAction[]) => actions.reduce(reduce, s);

describe('postal-code chips', () => {
  it('splits on comma, semicolon and newlines, trims and drops blanks', () => {
    expect(parseChipInput(' 10115, 10117;\n80331\r\n\n ,; SW1A  1AA ')).toEqual(['10115', '10117', '80331', 'SW1A 1AA']);
    expect(parseChipInput(' ,;\n')).toEqual([]);
  });
  it('de-duplicates against existing and earlier codes, ignoring case and spaces', () => {
    expect(addChips(['10115'], '10115, 10117, 10117').chips).toEqual(['10115', '10117']);
    expect(addChips(['SW1A 1AA'], 'sw1a1aa, EC1A 1BB').chips).toEqual(['SW1A 1AA', 'EC1A 1BB']);
  });
  it('leaves out codes the match call refuses and counts them', () => {
    const many = Array.from({ length: 502 }, (_, i) => String(10000 + i)).join(',');
    const r = addChips([], `${many},${'9'.repeat(21)}`);
    expect(r.chips).toHaveLength(500);
    expect(r.cut).toBe(3);
  });
  it('compares code lists as sets', () => {
    expect(sameCodes(['10115', '10117'], ['10117', '10115'])).toBe(true);
    expect(sameCodes(['10115'], ['10115', '10117'])).toBe(false);
  });
});

describe('unmatched codes csv', () => {
  it('has the spec header and one row per code with its country', () => {
    const lines = unmatchedCsv(['99999', '0000'], 'DE').trimEnd().split('\r\n');
    expect(lines).toEqual([UNMATCHED_CSV_HEADER, '99999,DE', '0000,DE']);
    expect(UNMATCHED_CSV_HEADER).toBe('zip_code, country');
  });
  it('quotes separators and defuses spreadsheet formulas', () => {
    const lines = unmatchedCsv(['a"b,c', '=HYPERLINK(1)'], 'GB').trimEnd().split('\r\n');
    expect(lines[1]).toBe('"a""b,c",GB');
    expect(lines[2]).toBe("'=HYPERLINK(1),GB");
  });
});

describe('postal-code dialog', () => {
  it('opens on an edit without codes and on the summary with codes', () => {
    expect(initPostalDialog({}).view).toBe('edit');
    expect(initPostalDialog({ DE: [] }).view).toBe('edit');
    expect(initPostalDialog({ DE: [zip('DE', '10115')] }).view).toBe('summary');
  });

  it('allows Match only with a country, codes and a change', () => {
    let s = initPostalDialog({});
    s = reduce(s, { type: 'type', text: '10115' });
    expect(canMatch(s)).toBe(false); // no country yet
    s = reduce(s, { type: 'country', country: 'DE' });
    expect(canMatch(s)).toBe(true);
    s = reduce(s, { type: 'removeChip', code: '10115' });
    expect(canMatch(s)).toBe(false); // no codes
    // Editing a saved country without changing its codes: nothing to match.
    const saved = initPostalDialog({ DE: [zip('DE', '10115')] });
    const editing = reduce(saved, { type: 'editCountry', country: 'DE' });
    expect(editing.chips).toEqual(['10115']);
    expect(canMatch(editing)).toBe(false);
    expect(canMatch(reduce(editing, { type: 'type', text: '10117' }))).toBe(true);
    // While loading.
    const matching = reduce(reduce(s, { type: 'type', text: '10115' }), { type: 'matchStart' });
    expect(matching.view).toBe('matching');
    expect(canMatch(matching)).toBe(false);
    expect(reduce(matching, { type: 'matchStart' })).toBe(matching);
  });

  it('goes from a full match to the summary, and saves on Next', () => {
    let s = run(initPostalDialog({}), { type: 'country', country: 'DE' }, { type: 'type', text: '10115,10117' }, { type: 'matchStart' });
    s = reduce(s, { type: 'matchDone', matched: [zip('DE', '10115'), zip('DE', '10117')], unmatched: [] });
    expect(s.view).toBe('success');
    s = reduce(s, { type: 'toSummary' });
    expect(s.view).toBe('summary');
    expect(s.draft.DE!.map((l) => l.key)).toEqual(['DE:10115', 'DE:10117']);
    s = reduce(s, { type: 'next' });
    expect(s.outcome).toBe('saved');
  });

  it('shows a partial match read-only, asks before dropping unmatched codes, and keeps the matched', () => {
    let s = run(initPostalDialog({}), { type: 'country', country: 'DE' }, { type: 'type', text: '10115,99999' }, { type: 'matchStart' });
    s = reduce(s, { type: 'matchDone', matched: [zip('DE', '10115')], unmatched: ['99999'] });
    expect(s.view).toBe('partial');
    expect(reduce(s, { type: 'type', text: '1' })).toBe(s); // read-only
    s = reduce(s, { type: 'next' });
    expect(s.prompt).toMatchObject({ kind: 'unmatched', count: 1 });
    expect(reduce(s, { type: 'cancelPrompt' }).view).toBe('partial');
    s = reduce(s, { type: 'confirm' });
    expect(s.view).toBe('summary');
    expect(s.draft.DE!.map((l) => l.name)).toEqual(['10115']);
  });

  it('goes back from a partial match to the codes to correct them', () => {
    let s = run(initPostalDialog({}), { type: 'country', country: 'AT' }, { type: 'type', text: '1010,x' }, { type: 'matchStart' });
    s = run(s, { type: 'matchDone', matched: [zip('AT', '1010')], unmatched: ['x'] }, { type: 'back' });
    expect(s.view).toBe('edit');
    expect(s.chips).toEqual(['1010', 'x']);
  });

  it('reports a server error and lets the user try again', () => {
    let s = run(initPostalDialog({}), { type: 'country', country: 'DE' }, { type: 'type', text: '10115' }, { type: 'matchStart' });
    s = reduce(s, { type: 'matchFailed', error: 'common.errors.inServerResponse' });
    expect(s.view).toBe('error');
    expect(s.error).toBe('common.errors.inServerResponse');
    expect(canMatch(s)).toBe(true); // try again with the same codes
    expect(reduce(s, { type: 'matchStart' }).view).toBe('matching');
    s = reduce(s, { type: 'type', text: '10117' });
    expect(canMatch(s)).toBe(true);
  });

  it('merges a country chosen again with its codes, and adds another country', () => {
    let s = initPostalDialog({ DE: [zip('DE', '10115')] });
    s = run(s, { type: 'addAnother' }, { type: 'type', text: '10117' }, { type: 'country', country: 'DE' });
    expect(s.chips).toEqual(['10115', '10117']);
    s = run(initPostalDialog({ DE: [zip('DE', '10115')] }), { type: 'addAnother' }, { type: 'country', country: 'CH' }, { type: 'type', text: '8001' }, { type: 'matchStart' });
    s = run(s, { type: 'matchDone', matched: [zip('CH', '8001')], unmatched: [] }, { type: 'next' });
    expect(Object.keys(s.draft).sort()).toEqual(['CH', 'DE']);
  });

  it('asks before saving without codes that were saved', () => {
    let s = initPostalDialog({ DE: [zip('DE', '10115')], AT: [zip('AT', '1010')] });
    s = run(s, { type: 'removeCountry', country: 'AT' }, { type: 'next' });
    expect(s.prompt).toMatchObject({ kind: 'deleted', count: 1 });
    expect(s.outcome).toBe('open');
    s = reduce(s, { type: 'confirm' });
    expect(s.outcome).toBe('saved');
    expect(Object.keys(s.draft)).toEqual(['DE']);
  });

  it('asks before Clear all empties the summary or the saved chips', () => {
    let s = initPostalDialog({ DE: [zip('DE', '10115'), zip('DE', '10117')] });
    s = reduce(s, { type: 'clearAll' });
    expect(s.prompt).toMatchObject({ kind: 'cleared', count: 2 });
    s = reduce(s, { type: 'confirm' });
    expect(s.draft).toEqual({});
    expect(s.view).toBe('edit');
    // Typed codes that were never saved clear without asking.
    const typed = run(initPostalDialog({}), { type: 'type', text: '1,2' }, { type: 'clearChips' });
    expect(typed.prompt).toBeNull();
    expect(typed.chips).toEqual([]);
    const editing = run(initPostalDialog({ DE: [zip('DE', '10115')] }), { type: 'editCountry', country: 'DE' }, { type: 'clearChips' });
    expect(editing.prompt).toMatchObject({ kind: 'cleared', count: 1 });
  });

  it('asks before Close or Back lose changes, and closes at once without them', () => {
    expect(reduce(initPostalDialog({ DE: [zip('DE', '10115')] }), { type: 'close' }).outcome).toBe('closed');
    expect(reduce(initPostalDialog({}), { type: 'back' }).outcome).toBe('closed');
    const typed = run(initPostalDialog({}), { type: 'type', text: '10115' }, { type: 'close' });
    expect(typed.prompt?.kind).toBe('discard');
    expect(reduce(typed, { type: 'confirm' }).outcome).toBe('closed');
    const removed = run(initPostalDialog({ DE: [zip('DE', '10115')], AT: [zip('AT', '1010')] }), { type: 'removeCountry', country: 'AT' }, { type: 'back' });
    expect(removed.prompt?.kind).toBe('discard');
    // Back from editing a country returns to the summary after confirming.
    const edited = run(initPostalDialog({ DE: [zip('DE', '10115')] }), { type: 'editCountry', country: 'DE' }, { type: 'type', text: '10117' }, { type: 'back' });
    expect(edited.prompt?.kind).toBe('discard');
    const back = reduce(edited, { type: 'confirm' });
    expect(back.view).toBe('summary');
    expect(back.draft.DE!.map((l) => l.name)).toEqual(['10115']);
  });
});

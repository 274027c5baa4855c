// The evaluation's real-data path (bench/packages-eval-data.ts) on a hand-made slice in the
// published Online Retail layout: parsing, the reduction's rules, the product categories, and
// the cut into history, hidden products and their buyers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunks, readOnlineRetail, reduceOnlineRetail, retailCategory, retailDataset, RETAIL_MIN_BUYERS } from '../../../bench/packages-eval-data';

describe('Online Retail parsing and reduction', () => {
  it('puts products into the first matching category group', () => {
    expect(retailCategory('PACK OF 12 VINTAGE CHRISTMAS TISSUE')).toBe('christmas');
    expect(retailCategory('SPACEBOY LUNCH BOX ')).toBe('kitchen');
    expect(retailCategory('STORAGE TIN HOME SWEET HOME')).toBe('storage');
    expect(retailCategory('JUMBO BAG RED RETROSPOT')).toBe('bags');
    expect(retailCategory('PLAYING CARDS KEEP CALM & CARRY ON')).toBe('toys_games');
    expect(retailCategory('WHITE HANGING HEART T-LIGHT HOLDER')).toBe('lighting');
    expect(retailCategory('STOOL HOME SWEET HOME')).toBe('other');
  });

  it('keeps goods bought by known customers, drops cancellations, returns and fees, and cuts at 1 September 2011', () => {
    const header = 'InvoiceNo,StockCode,Description,Quantity,InvoiceDate,UnitPrice,CustomerID,Country';
    const lines = [header];
    // A product sold before the cut to customers 1 and 2.
    lines.push('500001,OLD1,WHITE METAL LANTERN,6,2011-03-01 09:00:00,3.39,1.0,United Kingdom');
    lines.push('500002,OLD1,WHITE METAL LANTERN,2,2011-04-01 09:00:00,3.39,2.0,United Kingdom');
    // Rows the reduction drops: no customer, a cancellation, a return, postage.
    lines.push('500003,OLD1,WHITE METAL LANTERN,6,2011-04-02 09:00:00,3.39,,United Kingdom');
    lines.push('C500004,OLD1,WHITE METAL LANTERN,-6,2011-04-03 09:00:00,3.39,1.0,United Kingdom');
    lines.push('500005,OLD1,WHITE METAL LANTERN,-1,2011-04-03 09:00:00,3.39,1.0,United Kingdom');
    lines.push('500006,POST,POSTAGE,1,2011-04-03 09:00:00,18.00,1.0,France');
    // A new product after the cut, bought by RETAIL_MIN_BUYERS customers; another by one only.
    for (let c = 0; c < RETAIL_MIN_BUYERS; c++) lines.push(`60000${c},NEW1,"GARLAND, VINTAGE BELLS",1,2011-10-2${c % 10} 10:00:00,1.25,${100 + c}.0,United Kingdom`);
    lines.push('600100,NEW2,SMALL NEW THING,1,2011-10-01 10:00:00,1.00,1.0,United Kingdom');
    // The old product sold again after the cut is history nobody scores.
    lines.push('600101,OLD1,WHITE METAL LANTERN,1,2011-10-05 10:00:00,3.39,2.0,United Kingdom');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'retail-'));
    const file = path.join(dir, 'slice.csv');
    fs.writeFileSync(file, lines.join('\n'));
    const reduced = reduceOnlineRetail(file);
    fs.rmSync(dir, { recursive: true });
    expect(reduced.rows).toBe(2 + RETAIL_MIN_BUYERS + 2);
    const { description, rows } = readOnlineRetail(reduced.gz);
    expect(description.get('NEW1')).toBe('GARLAND, VINTAGE BELLS');
    expect(rows[0]).toEqual({ customer: 1, code: 'OLD1', ms: Date.parse('2011-03-01T09:00:00Z'), quantity: 6, pence: 339 });

    const d = retailDataset(reduced.gz);
    expect(d.pastEvents.map((e) => e.id)).toEqual(['OLD1']);
    expect(d.history).toHaveLength(2);
    expect(d.batches.flat().map((e) => e.id)).toEqual(['NEW1']);
    expect(d.batches[0][0].category).toBe('party');
    expect([...d.buyers.keys()]).toEqual(['NEW1']);
    expect(d.buyers.get('NEW1')!.size).toBe(RETAIL_MIN_BUYERS);
  });

  it('groups events in order and never leaves a package of one or two events', () => {
    expect(chunks([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6, 7]]);
    expect(chunks([1, 2, 3, 4, 5, 6], 3)).toEqual([[1, 2, 3], [4, 5, 6]]);
    expect(chunks([1, 2], 3)).toEqual([[1, 2]]);
  });
});

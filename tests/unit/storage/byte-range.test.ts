// The Range header of the media route (videos seek by ranges): one range, clamped to the object.
import { describe, expect, it } from 'vitest';
import { byteRange } from '../../../src/server/modules/storage/media';

describe('byteRange', () => {
  it('reads a-b, a- and -n, clamped to the object', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });
  it('serves the whole object for no, several or malformed ranges, and refuses one past the end', () => {
    expect(byteRange(undefined, 1000)).toBeNull();
    expect(byteRange('bytes=0-1,5-9', 1000)).toBeNull();
    expect(byteRange('items=0-1', 1000)).toBeNull();
    expect(byteRange('bytes=-', 1000)).toBeNull();
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=50-10', 1000)).toBe('unsatisfiable');
  });
});

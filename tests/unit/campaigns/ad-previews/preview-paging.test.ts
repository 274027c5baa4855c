// The preview modal's pure rules (spec 2 §2 Ad preview modal, §3 Variation id, §9).
import { describe, expect, it } from 'vitest';
import { DOUBLE_TAP_MS, interleave, pageCount, pageOf, splitVariations, tapDecision } from '../../../../src/islands/campaigns/wizard/previews/previewPaging';

const media = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `m${i}` })) as never[];
const creative = (h: number, b: number, m: number, u: number) => ({
  headline: [...Array.from({ length: h }, (_, i) => `h${i}`), ''],
  body: Array.from({ length: b }, (_, i) => `b${i}`),
  media: media(m),
  destination_url: Array.from({ length: u }, (_, i) => `https://x${i}.example`),
});

describe('splitVariations', () => {
  it('lists every code of the filled entries, the disabled ones apart', () => {
    const s = splitVariations(creative(2, 1, 2, 1), ['1121']);
    expect(s.enabled).toEqual(['1111', '2111', '2121']);
    expect(s.disabled).toEqual(['1121']);
  });

  it("expands an 'x' code to every headline", () => {
    const s = splitVariations(creative(3, 1, 1, 1), ['x111']);
    expect(s.enabled).toEqual([]);
    expect(s.disabled).toEqual(['1111', '2111', '3111']);
  });

  it('uses two media digits from the tenth media on', () => {
    const s = splitVariations(creative(1, 1, 10, 1), ['11101']);
    expect(s.disabled).toEqual(['11101']);
    expect(s.enabled).toHaveLength(9);
    expect(s.enabled.at(-1)).toBe('1191');
  });

  it('ignores disabled codes the creative no longer has', () => {
    expect(splitVariations(creative(1, 1, 1, 1), ['5555'])).toEqual({ enabled: ['1111'], disabled: [] });
  });
});

describe('paging', () => {
  const codes = splitVariations(creative(5, 5, 3, 1), []).enabled; // 75 variations

  it('pages through every variation exactly once', () => {
    const pages = pageCount(codes.length, 12);
    expect(pages).toBe(7);
    const seen = Array.from({ length: pages }, (_, p) => pageOf(codes, p, 12).items).flat();
    expect(seen).toEqual(codes);
    expect(pageOf(codes, 6, 12).items).toHaveLength(75 - 72);
  });

  it('clamps a page past the end (the list shrank) and before the start', () => {
    expect(pageOf(codes.slice(0, 13), 5, 12)).toEqual({ items: codes.slice(12, 13), page: 1 });
    expect(pageOf(codes, -3, 12).page).toBe(0);
    expect(pageOf([], 2, 12)).toEqual({ items: [], page: 0 });
    expect(pageCount(0, 12)).toBe(1);
  });
});

describe('interleave', () => {
  it('puts a reel after every 3 feed items and the rest of the reels at the end', () => {
    expect(interleave(['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7'], ['r1', 'r2', 'r3', 'r4'])).toEqual(['f1', 'f2', 'f3', 'r1', 'f4', 'f5', 'f6', 'r2', 'f7', 'r3', 'r4']);
    expect(interleave(['f1', 'f2'], [])).toEqual(['f1', 'f2']);
    expect(interleave([], ['r1'])).toEqual(['r1']);
  });
});

describe('tapDecision', () => {
  it('toggles on a mouse click at once', () => {
    expect(tapDecision('mouse', 1000, null)).toEqual({ toggle: true, lastTap: null });
  });

  it('toggles on touch only at the second tap within the window', () => {
    const first = tapDecision('touch', 1000, null);
    expect(first).toEqual({ toggle: false, lastTap: 1000 });
    expect(tapDecision('touch', 1000 + DOUBLE_TAP_MS, first.lastTap)).toEqual({ toggle: true, lastTap: null });
    // Too slow: this tap starts a new pair.
    expect(tapDecision('touch', 1000 + DOUBLE_TAP_MS + 1, first.lastTap)).toEqual({ toggle: false, lastTap: 1000 + DOUBLE_TAP_MS + 1 });
  });
});

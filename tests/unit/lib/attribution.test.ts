import { describe, expect, it } from 'vitest';
import { attributionOptions, effectiveAttributionModel } from '../../../src/lib/attribution';

const full = { prisma: false, simpleUser: false };
const prisma = { prisma: true, simpleUser: false };
const simple = { prisma: false, simpleUser: true };

describe('attribution model (spec 2 §4)', () => {
  it('offers FD only to full-service partners outside the simplified mode', () => {
    expect(attributionOptions(full)).toEqual(['FD', 'META', 'EXTERNAL']);
    expect(attributionOptions(prisma)).toEqual(['META', 'EXTERNAL']);
    expect(attributionOptions(simple)).toEqual(['META', 'EXTERNAL']);
  });

  it('defaults to FD, or META for the wave flavour, and keeps a stored choice', () => {
    expect(effectiveAttributionModel(null, full)).toBe('FD');
    expect(effectiveAttributionModel(null, prisma)).toBe('META');
    expect(effectiveAttributionModel('EXTERNAL', full)).toBe('EXTERNAL');
    expect(effectiveAttributionModel('meta', full)).toBe('META');
    expect(effectiveAttributionModel('last_click', full)).toBe('FD');
  });

  it('reads a stored FD as META where FD is not offered', () => {
    expect(effectiveAttributionModel('FD', prisma)).toBe('META');
    expect(effectiveAttributionModel('FD', simple)).toBe('META');
    expect(effectiveAttributionModel('EXTERNAL', prisma)).toBe('EXTERNAL');
  });
});

import { describe, expect, it } from 'vitest';
import { dispositionFilename } from '../../../src/lib/api/notifications';

describe('dispositionFilename', () => {
  it('prefers the UTF-8 name, falls back to the plain one', () => {
    expect(dispositionFilename(`attachment; filename="Saison _bersicht.pdf"; filename*=UTF-8''Saison%20%C3%9Cbersicht.pdf`)).toBe('Saison Übersicht.pdf');
    expect(dispositionFilename('attachment; filename="plan.pdf"')).toBe('plan.pdf');
    expect(dispositionFilename('attachment; filename=plan.pdf')).toBe('plan.pdf');
    expect(dispositionFilename(`attachment; filename="x.pdf"; filename*=UTF-8''%E0%A4%A`)).toBe('x.pdf');
    expect(dispositionFilename(null)).toBeNull();
    expect(dispositionFilename('inline')).toBeNull();
  });
});

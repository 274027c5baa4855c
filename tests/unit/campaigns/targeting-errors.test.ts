import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/lib/api/client';
import { apiErrorOf, knownText } from '../../../src/islands/campaigns/wizard/targeting/errors';

describe('geo dialog errors', () => {
  it('keeps the ApiError a lookup rejected with, so its code and cancellation survive', async () => {
    const cancelled = new ApiError(null, 'cancelled', 'Request cancelled', true);
    expect(await apiErrorOf(cancelled)).toBe(cancelled);
    const graph = new ApiError(502, 'error.connect.facebook.graph_api_error', 'Meta answered with an error.');
    expect((await apiErrorOf(graph)).i18nKey).toBe('common.serverErrors.error.connect.facebook.graph_api_error');
    expect((await apiErrorOf(new DOMException('aborted', 'AbortError'))).cancelled).toBe(true);
  });
  it('falls back to the dialog’s own message for a code without wording', () => {
    const texts: Record<string, string> = { known: 'Known text', fallback: 'Fallback text' };
    const t = (k: string) => texts[k] ?? k;
    expect(knownText(t, 'known', 'fallback')).toBe('Known text');
    expect(knownText(t, 'common.serverErrors.error.nothing', 'fallback')).toBe('Fallback text');
    expect(knownText(t, null, 'fallback')).toBe('Fallback text');
  });
});

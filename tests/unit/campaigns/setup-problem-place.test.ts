// issue 20 §2.2: one pixel rule for the wizard and the server, and every server problem of
// data.problems mapped to the wizard step, cluster and field it is shown next to.
import { describe, expect, it } from 'vitest';
import { firstProblemPlace, pixelProblem, pixelRequired, problemPlace } from '../../../src/lib/campaigns/setup-rules';
import type { SetupProblem } from '../../../src/lib/contracts/setup-process';

const p = (area: SetupProblem['area'], code: string, field: string | null, tc: number | null = null): SetupProblem => ({ area, tc, code, field });

describe('pixelRequired', () => {
  it('needs a pixel for the sales goals without a lead form, never for visibility', () => {
    expect(pixelRequired('UTILIZATION', null)).toBe(true);
    expect(pixelRequired('ROAS', null)).toBe(true);
    expect(pixelRequired('UTILIZATION', 'lead-1')).toBe(false);
    expect(pixelRequired('VISIBILITY', null)).toBe(false);
  });
  it('answers the server’s problem, pointing at the pixel field', () => {
    expect(pixelProblem('ROAS', null, false)).toEqual(p('integrations', 'error.setup.pixel_required', 'facebook.pixel'));
    expect(pixelProblem('ROAS', null, true)).toBeNull();
    expect(pixelProblem('VISIBILITY', null, false)).toBeNull();
  });
});

describe('problemPlace', () => {
  it('puts account problems on the Accounts step at their asset', () => {
    expect(problemPlace(p('integrations', 'error.setup.pixel_required', 'facebook.pixel'))).toEqual({ step: 2, tc: null, field: 'facebook.pixel' });
    expect(problemPlace(p('integrations', 'error.setup.currency_mismatch', 'facebook.ad_account'))).toEqual({ step: 2, tc: null, field: 'facebook.ad_account' });
    expect(problemPlace(p('integrations', 'x', null))).toEqual({ step: 2, tc: null, field: 'facebook.ad_account' });
  });
  it('puts creative and targeting problems on the Ads step at their cluster and list field', () => {
    expect(problemPlace(p('creatives', 'common.errors.wrongUrlFormat', 'destination_url.1', 4))).toEqual({ step: 3, tc: 4, field: 'destination_url' });
    expect(problemPlace(p('creatives', 'common.errors.fileErrors.invalid', 'media.0', 4))).toEqual({ step: 3, tc: 4, field: 'media' });
    expect(problemPlace(p('creatives', 'error.setup.unknown_cluster', 'tc', 2))).toEqual({ step: 3, tc: 2, field: 'tc' });
    expect(problemPlace(p('targeting', 'NO_POSTAL_CODES', 'targeting_mode', 5))).toEqual({ step: 3, tc: 5, field: 'targeting' });
  });
  it('puts runtime problems on the Summary', () => {
    expect(problemPlace(p('payload', 'error.setup.runtime_over', 'end_date'))).toEqual({ step: 4, tc: null, field: 'end_date' });
  });
  it('goes to the earliest step first', () => {
    expect(firstProblemPlace([p('targeting', 'NO_POSTAL_CODES', 'targeting_mode', 5), p('integrations', 'error.setup.pixel_required', 'facebook.pixel')])).toEqual({ step: 2, tc: null, field: 'facebook.pixel' });
    expect(firstProblemPlace([])).toBeNull();
  });
});

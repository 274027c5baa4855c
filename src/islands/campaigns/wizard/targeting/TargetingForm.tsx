// Interface placeholder (issue 14 scaffolding): the targeting of one taste cluster in the
// wizard's Ads step (spec 2 §4 Targeting mode options, Postal-code dialog, Range locations; §5
// Targeting). Replaced by its real implementation; the props are the agreed interface.
import type { Targeting } from '../../../../lib/contracts/setup-process';

export interface TargetingFormProps {
  targeting: Targeting;
  /** The creative has custom audiences: fd_targeting is not offered. */
  hasAudience: boolean;
  /** Geographic modes only (prisma partners, whose customers Encore does not know). */
  geoOnly: boolean;
  onChange(next: Targeting): void;
  disabled?: boolean;
}

export function TargetingForm(_: TargetingFormProps) {
  return null;
}

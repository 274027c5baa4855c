// spec 2 §4 "Attribution model", shown and chosen in settings #system (spec 1 §2.5): which
// conversions count for a campaign. FD is Encore's own attribution from ticket sales, META the
// ad platform's, EXTERNAL the partner's own tool (then series numbers are not evaluated).
// One place for the rules, used by the settings tab and by the API that stores the choice.
export const ATTRIBUTION_MODELS = ['FD', 'META', 'EXTERNAL'] as const;
export type AttributionModel = (typeof ATTRIBUTION_MODELS)[number];

export interface AttributionContext {
  /** The wave flavour (spec 2: product partners use the alternate, prisma wording). */
  prisma: boolean;
  /** The simplified mode (feature flag simple-user). */
  simpleUser: boolean;
}

/** FD is not offered in the simplified mode nor to product (prisma) partners. */
export function attributionOptions(ctx: AttributionContext): AttributionModel[] {
  return ctx.prisma || ctx.simpleUser ? ['META', 'EXTERNAL'] : [...ATTRIBUTION_MODELS];
}

export function isAttributionModel(value: unknown): value is AttributionModel {
  return typeof value === 'string' && (ATTRIBUTION_MODELS as readonly string[]).includes(value.toUpperCase());
}

/**
 * The model in force: the stored choice, else META for the wave flavour and FD otherwise; a
 * stored FD reads as META where FD is not offered.
 */
export function effectiveAttributionModel(stored: string | null | undefined, ctx: AttributionContext): AttributionModel {
  const options = attributionOptions(ctx);
  const chosen = isAttributionModel(stored) ? (stored.toUpperCase() as AttributionModel) : null;
  if (chosen && options.includes(chosen)) return chosen;
  return options.includes('FD') ? 'FD' : 'META';
}

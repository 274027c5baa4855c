// The setup's rules of spec 2 §3 (Variation id), §4 (Targeting mode options) and §5 (Creative,
// Targeting, Integrations), in one place for the wizard (which shows them as the user types) and
// the server (which checks them again before it saves or publishes). Pure functions, unit tested.
// Values from the zod-free constants: this module runs in the browser too.
import { AGE, CREATIVE_TEXT, RADIUS, VARIATION, type CreativeTextField, type TargetingCode, type TargetingMode } from './setup-constants';
import type { Creative, IntegrationDetail, SetupProblem, Targeting } from '../contracts/setup-process';

// ---------------------------------------------------------------------------------------------
// Text fields

export type CounterBand = 'green' | 'orange' | 'red';

/** spec 2 §5: the counter colour of a field with `length` characters (null when empty). */
export function counterBand(field: CreativeTextField, length: number): CounterBand | null {
  if (length <= 0) return null;
  const b = CREATIVE_TEXT[field];
  return length <= b.green ? 'green' : length <= b.orange ? 'orange' : 'red';
}

/**
 * spec 2 §5: an http(s):// or www. prefix, a domain and a top-level domain. The spec's 2–6 letters
 * refused real TLDs (`.tickets`, `.theater`, `.photography`; issue 20), so the TLD is any
 * syntactically valid one instead: 2–63 letters, or an IDN's `xn--` A-label (`.xn--p1ai` = .рф).
 * Every TLD of the IANA root zone list has one of these two forms, so all of them pass, new ones
 * too, with no list to keep current; the spec's 2–6 letters remain a subset.
 */
export const DESTINATION_URL_PATTERN = /^(?:https?:\/\/(?:www\.)?|www\.)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;
export const isDestinationUrl = (url: string) => url.length <= CREATIVE_TEXT.destination_url.max && DESTINATION_URL_PATTERN.test(url.trim());

/** Non-blank entries, trimmed (spec 2 §5: empty entries are stripped before a post). */
export const filled = (list: readonly string[]) => list.map((s) => s.trim()).filter(Boolean);

/** A list shown with at least `shown` entries, padded with blanks. */
export const padList = (list: readonly string[], shown: number) => [...list, ...Array<string>(Math.max(0, shown - list.length)).fill('')];

// ---------------------------------------------------------------------------------------------
// Variations (spec 2 §3 Variation id, §5 variation indicator and total ad count)

export interface VariationIndex {
  headline: number;
  body: number;
  media: number;
  url: number;
}

/** 1-based indexes → code: headline, body, media (two digits from 10), url. */
export function variationCode(v: VariationIndex): string {
  return `${v.headline}${v.body}${v.media}${v.url}`;
}

/** Code → indexes; null for anything not 4 or 5 characters of digits ('Invalid variation format'). */
export function parseVariationCode(code: string): VariationIndex | null {
  if (!/^\d{4,5}$/.test(code)) return null;
  const media = code.length === 5 ? Number(code.slice(2, 4)) : Number(code[2]);
  const v = { headline: Number(code[0]), body: Number(code[1]), media, url: Number(code[code.length - 1]) };
  return v.headline && v.body && v.media && v.url && (code.length === 4 || v.media >= 10) ? v : null;
}

/** Every variation of a creative with its code, in headline, body, media, url order. */
export function variationsOf(c: Pick<Creative, 'headline' | 'body' | 'media' | 'destination_url'>): VariationIndex[] {
  const h = filled(c.headline).length;
  const b = filled(c.body).length;
  const m = c.media.length;
  const u = filled(c.destination_url).length;
  const out: VariationIndex[] = [];
  for (let headline = 1; headline <= h; headline++)
    for (let body = 1; body <= b; body++)
      for (let media = 1; media <= m; media++) for (let url = 1; url <= u; url++) out.push({ headline, body, media, url });
  return out;
}

/** spec 2 §3: a code prefixed 'x' means every headline; expanded to numbered codes. */
export function expandVariationCodes(codes: readonly string[], headlines: number): string[] {
  const out = new Set<string>();
  for (const code of codes) {
    if (code.startsWith('x')) for (let h = 1; h <= headlines; h++) out.add(`${h}${code.slice(1)}`);
    else out.add(code);
  }
  return [...out];
}

export type VariationBand = 'insufficient' | 'sufficient' | 'perfect';

/** spec 2 §5 variation indicator: headlines × bodies × media against the threshold. */
export function variationIndicator(c: Pick<Creative, 'headline' | 'body' | 'media'>): { count: number; percent: number; band: VariationBand } {
  const count = filled(c.headline).length * filled(c.body).length * c.media.length;
  const percent = Math.min(100, Math.round((count / VARIATION.threshold) * 100));
  return { count, percent, band: percent < VARIATION.sufficient ? 'insufficient' : percent < VARIATION.perfect ? 'sufficient' : 'perfect' };
}

/** spec 2 §5: total ad count, the sum over clusters of headlines × bodies × media × URLs. */
export const totalAds = (creatives: readonly Creative[]) => creatives.reduce((n, c) => n + variationsOf(c).length, 0);

// ---------------------------------------------------------------------------------------------
// Creatives (spec 2 §5 "Full setup creative")

/** Problems of one creative for publishing; empty when it is complete. */
export function creativeProblems(c: Creative): SetupProblem[] {
  const p = (field: string, code = 'common.errors.fillRequired'): SetupProblem => ({ area: 'creatives', tc: c.tc, code, field });
  const out: SetupProblem[] = [];
  if (!filled(c.headline).length) out.push(p('headline'));
  if (!filled(c.body).length) out.push(p('body'));
  const urls = filled(c.destination_url);
  if (!urls.length) out.push(p('destination_url'));
  urls.forEach((u, i) => !isDestinationUrl(u) && out.push(p(`destination_url.${i}`, 'common.errors.wrongUrlFormat')));
  if (!c.media.length) out.push(p('media'));
  c.media.forEach((m, i) => m.status !== 'SUCCESS' && out.push(p(`media.${i}`, 'common.errors.fileErrors.invalid')));
  if (!c.description.trim()) out.push(p('description'));
  if (!c.call_to_action) out.push(p('call_to_action'));
  for (const code of c.excluded_variations) if (!parseVariationCode(code)) out.push(p('excluded_variations', 'Invalid variation format'));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Targeting (spec 2 §4 Targeting mode options, §5 Targeting)

/**
 * spec 2 §4: without an audience all three modes; with an audience, or when the wave condition
 * holds (prisma partners, whose customers Encore does not know), only the geographic ones.
 */
export function targetingModeOptions(hasAudience: boolean, geoOnly: boolean): TargetingMode[] {
  return hasAudience || geoOnly ? ['postal_codes', 'range_locations'] : ['fd_targeting', 'postal_codes', 'range_locations'];
}

/** spec 2 §5: the first targeting problem of a cluster, or null when it can be published. */
export function targetingCode(t: Targeting | undefined, opts: { hasAudience: boolean; geoOnly: boolean }): TargetingCode | null {
  if (!t) return 'NO_TC_TARGETING';
  if (!t.targeting_mode) return 'NO_TARGETING_MODE';
  if (!targetingModeOptions(opts.hasAudience, opts.geoOnly).includes(t.targeting_mode)) return 'UNKNOWN';
  if (t.targeting_mode === 'postal_codes') return Object.values(t.postal_codes).some((l) => l.length > 0) ? null : 'NO_POSTAL_CODES';
  if (t.targeting_mode === 'range_locations') {
    const r = t.range_locations;
    if (!r || r.included.length + r.excluded.length === 0) return 'NO_RANGE_LOCATIONS';
    if (r.included.length === 0) return 'ALL_LOCATIONS_EXCLUDED';
  }
  return null;
}

/** spec 2 §5: whole numbers clamped 18–65; a min above max raises max, a max under min lowers min. */
export function clampAgeRange(min: number, max: number, changed: 'min' | 'max'): { min: number; max: number } {
  const c = (n: number) => Math.min(AGE.max, Math.max(AGE.min, Math.round(Number.isFinite(n) ? n : AGE.min)));
  let lo = c(min);
  let hi = c(max);
  if (lo > hi) changed === 'min' ? (hi = lo) : (lo = hi);
  return { min: lo, max: hi };
}

/** spec 2 §5 radius conversions and clamps. */
export const clampRadius = (value: number, unit: 'mile' | 'kilometer') => Math.min(RADIUS[unit].max, Math.max(RADIUS[unit].min, Math.round(value)));
export const milesToKm = (miles: number) => Math.max(RADIUS.kilometer.min, Math.round(miles * 1.60934));
export const kmToMiles = (km: number) => Math.max(RADIUS.mile.min, Math.round(km / 1.60934));
/** Miles for English, kilometres for every other language. */
export const distanceUnitFor = (language: string): 'mile' | 'kilometer' => (language === 'en' ? 'mile' : 'kilometer');
/** The suggested radius is the larger of the default and the server's suggestion. */
export const suggestedRadius = (server: number | null, unit: 'mile' | 'kilometer') => clampRadius(Math.max(RADIUS[unit].min, server ?? 0), unit);

// ---------------------------------------------------------------------------------------------
// Integrations (spec 2 §5)

/**
 * The one pixel rule (issue 20 §2.2), for the Accounts step (label, validation, Next) and the
 * server's publish check alike. Spec 2 §2 lists the pixel as optional; Meta optimises the sales
 * goals (Utilisation, ROAS) for purchases the pixel reports and refuses such an ad set without
 * one, unless a lead form collects the leads on Meta. So: optional for Visibility or with a lead
 * form, required otherwise — and the Accounts step says so before Next.
 */
export function pixelRequired(goal: string, leadFormId: string | null): boolean {
  return goal !== 'VISIBILITY' && !leadFormId;
}

export const PIXEL_REQUIRED = 'error.setup.pixel_required';

/** The pixel problem of a choice, or null. */
export function pixelProblem(goal: string, leadFormId: string | null, hasPixel: boolean): SetupProblem | null {
  return pixelRequired(goal, leadFormId) && !hasPixel ? { area: 'integrations', tc: null, code: PIXEL_REQUIRED, field: 'facebook.pixel' } : null;
}

/** The asset classes the setup needs: an ad account and a Facebook page. */
export function integrationProblems(details: readonly IntegrationDetail[], invalidAssetIds: ReadonlySet<string> = new Set()): SetupProblem[] {
  const out: SetupProblem[] = [];
  const p = (code: string, field: string | null): SetupProblem => ({ area: 'integrations', tc: null, code, field });
  if (!details.some((d) => d.asset_class === 'facebook.ad_account')) out.push(p('error.connect.facebook.ad_account_id_required', 'facebook.ad_account'));
  if (!details.some((d) => d.asset_class === 'facebook.profile' && d.platform === 'facebook')) out.push(p('error.connect.facebook.page_not_found', 'facebook.profile'));
  for (const d of details) if (invalidAssetIds.has(d.asset_id)) out.push(p('error.connect.facebook.missing_permissions', d.asset_class));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Disabled variations at publishing (spec 2 §3 Variation id, §4 Publishing)

export interface PrunedCreative {
  /** 0-based indexes (into the filled lists and media) that stay in the published creative. */
  headline: number[];
  body: number[];
  media: number[];
  url: number[];
  /** Disabled codes that still run: Meta's dynamic creative cannot drop a single combination. */
  stillRunning: string[];
}

/**
 * Meta's dynamic creative (asset_feed_spec) publishes every headline × body × media × URL
 * combination; it cannot leave out one combination. So an asset is dropped when EVERY variation
 * that uses it is disabled; disabled combinations of assets that also appear in enabled ones keep
 * running and are reported. If every variation is disabled nothing is left (the caller refuses).
 */
export function pruneDisabledVariations(c: Pick<Creative, 'headline' | 'body' | 'media' | 'destination_url'>, disabledCodes: readonly string[]): PrunedCreative {
  const all = variationsOf(c);
  const disabled = new Set(expandVariationCodes(disabledCodes, filled(c.headline).length));
  const enabled = all.filter((v) => !disabled.has(variationCode(v)));
  const keep = (k: keyof VariationIndex) => [...new Set(enabled.map((v) => v[k] - 1))].sort((a, b) => a - b);
  const kept = { headline: keep('headline'), body: keep('body'), media: keep('media'), url: keep('url') };
  const stillRunning = all
    .filter((v) => disabled.has(variationCode(v)))
    .filter((v) => kept.headline.includes(v.headline - 1) && kept.body.includes(v.body - 1) && kept.media.includes(v.media - 1) && kept.url.includes(v.url - 1))
    .map(variationCode);
  return { ...kept, stillRunning };
}

/** A cluster's creative before anything is filled in (a new setup, or a cluster added on Continue). */
export function emptyCreative(k: { tc: number; tc_run_id: number }, language: Creative['language'] = 'de'): Creative {
  return {
    tc: k.tc,
    tc_run_id: k.tc_run_id,
    headline: [],
    body: [],
    media: [],
    destination_url: [],
    call_to_action: null,
    description: '',
    language,
    excluded_variations: [],
    audience_id: null,
    destination_url_inherited: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Where a server problem belongs (issue 20 §2.2): the wizard step, the cluster and the field the
// message is shown next to.

export interface ProblemPlace {
  /** 2 Accounts, 3 Ads, 4 Summary (the runtime and budget are shown there). */
  step: 2 | 3 | 4;
  /** The cluster's tc on the Ads step, else null. */
  tc: number | null;
  /** The field key the step marks: an asset class, a creative field ('headline', 'media'), 'targeting', 'end_date'. */
  field: string;
}

/** The step and field of a problem of `data.problems` (SetupProblem). */
export function problemPlace(p: SetupProblem): ProblemPlace {
  const field = p.field ?? '';
  switch (p.area) {
    case 'integrations':
      return { step: 2, tc: null, field: field || 'facebook.ad_account' };
    case 'creatives':
      // 'destination_url.1', 'media.0' → the list field; an unknown cluster is the cluster itself.
      return { step: 3, tc: p.tc, field: field.split('.')[0] || 'creative' };
    case 'targeting':
      return { step: 3, tc: p.tc, field: 'targeting' };
    default:
      return { step: 4, tc: null, field: field || 'runtime' };
  }
}

/** The problems in step order (Accounts first), so the wizard goes to the earliest place. */
export function firstProblemPlace(problems: readonly SetupProblem[]): ProblemPlace | null {
  const places = problems.map(problemPlace);
  return places.sort((a, b) => a.step - b.step)[0] ?? null;
}

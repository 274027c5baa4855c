// The setup's rules on the server (spec 2 §4 Goal and result rules, §5 Setup payload, Creative,
// Targeting, Integrations). The field rules themselves live in src/lib/campaigns/setup-rules.ts,
// shared with the wizard; this file applies them to the stored setup and adds what only the
// server knows (which clusters the event has, which assets the partner has).
import { z } from 'zod';
import { SetupStartBody, SetupUpdateBody, type Creative, type SetupProblem, type Targeting } from '../../../lib/contracts/setup-process';
import { creativeProblems, expandVariationCodes, filled, integrationProblems, parseVariationCode, pruneDisabledVariations, targetingCode } from '../../../lib/campaigns/setup-rules';
import { AppError } from '../../lib/errors';

// ---------------------------------------------------------------------------------------------
// spec 2 §5 "Setup payload": its own messages come before the per-field zod rules

export const PAYLOAD_MESSAGES = {
  empty: 'Setup payload cannot be empty. Budget and goal are required.',
  arrays: 'A valid setup requires valid creatives and integrations arrays.',
  creatives: 'Invalid creatives',
  tcKey: 'Every creative needs its tc and tc_run_id.',
} as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const missing = (v: unknown) => v === undefined || v === null || v === '';

/** The first spec 2 §5 payload error of a body (start: budget and goal required; update: something). */
export function payloadError(body: unknown, mode: 'start' | 'update'): { message: string; path: string } | null {
  if (!isObject(body) || Object.keys(body).length === 0) return { message: PAYLOAD_MESSAGES.empty, path: '' };
  if (mode === 'start' && (missing(body.total_budget) || missing(body.goal))) {
    return { message: PAYLOAD_MESSAGES.empty, path: missing(body.total_budget) ? 'total_budget' : 'goal' };
  }
  const creatives = body.creatives;
  if ((mode === 'start' && !Array.isArray(creatives)) || (creatives !== undefined && !Array.isArray(creatives))) return { message: PAYLOAD_MESSAGES.arrays, path: 'creatives' };
  if (body.integration_details !== undefined && !Array.isArray(body.integration_details)) return { message: PAYLOAD_MESSAGES.arrays, path: 'integration_details' };
  if (Array.isArray(creatives)) {
    for (const [i, c] of creatives.entries()) {
      if (!isObject(c)) return { message: PAYLOAD_MESSAGES.creatives, path: `creatives.${i}` };
      if (missing(c.tc) || missing(c.tc_run_id)) return { message: PAYLOAD_MESSAGES.tcKey, path: `creatives.${i}.${missing(c.tc) ? 'tc' : 'tc_run_id'}` };
    }
  }
  return null;
}

/** The body schema with the spec's payload messages first: what validate() checks. */
function withPayloadRules<T extends z.ZodType>(schema: T, mode: 'start' | 'update') {
  return z
    .unknown()
    .superRefine((body, ctx) => {
      const err = payloadError(body, mode);
      if (err) ctx.addIssue({ code: 'custom', message: err.message, path: err.path ? err.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) : [] });
    })
    .pipe(schema);
}

export const StartPayload = withPayloadRules(SetupStartBody, 'start');
export const UpdatePayload = withPayloadRules(SetupUpdateBody, 'update');

// ---------------------------------------------------------------------------------------------
// Rules that need the stored setup or the database

const invalid = (path: string, message: string) => new AppError(400, 'error.validation.invalid', 'Invalid request', undefined, undefined, [{ path, message }]);

/** spec 2 §3 Variation id: 4 or 5 digits, or 'x' + the rest for every headline. */
export function isVariationCodeInput(code: string): boolean {
  return code.startsWith('x') ? expandVariationCodes([code], 1).every((c) => parseVariationCode(c) !== null) : parseVariationCode(code) !== null;
}

/** Variation codes of the creatives and of disabled_variations; 400 'Invalid variation format'. */
export function checkVariationCodes(creatives: readonly Creative[] | undefined, disabled: Record<string, string[]> | undefined): void {
  for (const [i, c] of (creatives ?? []).entries()) {
    const j = c.excluded_variations.findIndex((code) => !isVariationCodeInput(code));
    if (j >= 0) throw invalid(`creatives.${i}.excluded_variations.${j}`, 'Invalid variation format');
  }
  for (const [tc, codes] of Object.entries(disabled ?? {})) {
    const j = codes.findIndex((code) => !isVariationCodeInput(code));
    if (j >= 0) throw invalid(`disabled_variations.${tc}.${j}`, 'Invalid variation format');
  }
}

const clusterKey = (c: { tc: number; tc_run_id: number }) => `${c.tc_run_id}:${c.tc}`;

/** The creatives' clusters must be clusters of the event's runs; one creative per cluster. */
export function checkClusters(creatives: readonly { tc: number; tc_run_id: number }[], eventClusters: ReadonlySet<string>): void {
  const seen = new Set<string>();
  for (const [i, c] of creatives.entries()) {
    const key = clusterKey(c);
    if (!eventClusters.has(key)) throw invalid(`creatives.${i}.tc`, 'Not a taste cluster of this event');
    if (seen.has(key)) throw invalid(`creatives.${i}.tc`, 'Each taste cluster can have only one creative');
    seen.add(key);
  }
}

/** Targeting entries belong to the setup's clusters (one each). */
export function checkTargetingClusters(targeting: readonly Targeting[], creatives: readonly { tc: number; tc_run_id: number }[]): void {
  const clusters = new Set(creatives.map(clusterKey));
  const seen = new Set<string>();
  for (const [i, t] of targeting.entries()) {
    if (!clusters.has(clusterKey(t))) throw invalid(`targeting.${i}.tc`, 'Targeting of a taste cluster the setup does not have');
    if (seen.has(clusterKey(t))) throw invalid(`targeting.${i}.tc`, 'Each taste cluster can have only one targeting');
    seen.add(clusterKey(t));
    if (t.age_range.min > t.age_range.max) throw invalid(`targeting.${i}.age_range`, 'The minimum age must not be above the maximum');
  }
}

export function checkDates(start: string, end: string): void {
  if (start > end) throw invalid('end_date', 'The end must not be before the start');
}

/**
 * spec 2 §4 Goal and result rules, applied after every change: the lead form only with
 * UTILIZATION; the custom event LEAD with a lead form, PURCHASE without one.
 */
export function applyGoalRules<T extends { goal: string; lead_form_id: string | null; custom_event_type: 'PURCHASE' | 'LEAD' }>(s: T): T {
  const leadFormId = s.goal === 'UTILIZATION' ? s.lead_form_id : null;
  return { ...s, lead_form_id: leadFormId, custom_event_type: leadFormId ? 'LEAD' : 'PURCHASE' };
}

// ---------------------------------------------------------------------------------------------
// Publishing (spec 2 §4 Publishing: "check that integrations, creatives and targeting are valid")

export interface SetupForPublish {
  creatives: Creative[];
  targeting: Targeting[];
  integration_details: { asset_class: string; asset_id: string; platform: 'facebook' | 'instagram' }[];
  disabled_variations: Record<string, string[]>;
}

/** Every reason the stored setup cannot be published (INVALID_SETUP's `data.problems`). */
export function setupProblems(s: SetupForPublish, opts: { geoOnly: boolean }): SetupProblem[] {
  const out: SetupProblem[] = [...integrationProblems(s.integration_details as never)];
  if (!s.creatives.length) out.push({ area: 'payload', tc: null, code: PAYLOAD_MESSAGES.creatives, field: 'creatives' });
  for (const c of s.creatives) {
    const problems = creativeProblems(c);
    out.push(...problems);
    const code = targetingCode(
      s.targeting.find((t) => t.tc === c.tc && t.tc_run_id === c.tc_run_id),
      { hasAudience: Boolean(c.audience_id), geoOnly: opts.geoOnly },
    );
    if (code) out.push({ area: 'targeting', tc: c.tc, code, field: 'targeting_mode' });
    if (!problems.length && !pruneDisabledVariations(c, disabledCodesOf(s, c)).headline.length) {
      out.push({ area: 'creatives', tc: c.tc, code: 'ALL_VARIATIONS_DISABLED', field: 'excluded_variations' });
    }
  }
  return out;
}

/** A cluster's disabled codes: the creative's own and the setup's map (by tc), together. */
export function disabledCodesOf(s: Pick<SetupForPublish, 'disabled_variations'>, c: Creative): string[] {
  return [...new Set([...c.excluded_variations, ...(s.disabled_variations[String(c.tc)] ?? [])])];
}

/** Headlines, bodies and URLs as published: blanks stripped (spec 2 §5). */
export const publishedLists = (c: Creative) => ({ headline: filled(c.headline), body: filled(c.body), url: filled(c.destination_url) });

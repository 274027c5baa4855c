// The campaign setup process on the wire — spec 2 §3 (Creative, Variation id, Targeting, Location,
// Setup process, Wizard state), §4 (Wizard, Setup lifecycle, Goal and result rules), §5 (Creative,
// Media files, Setup payload, Targeting, Integrations), §7 "Setup process", §9. All need the wave
// permission (src/lib/routes.ts API_RULES); every query is scoped to the viewer's partner.
//
// Calls ({eid} is the event's id, the one the campaigns screens use):
//   GET    /api/v3/setup_processes/{eid}          → 200 SetupProcess; 404 error.setup.not_found (no live
//          setup: the wizard goes to step 1)
//   POST   /api/v3/setup_processes/{eid}          SetupStartBody → 201 SetupProcess (status created);
//          409 error.setup.exists when a live setup exists (the browser PUTs instead)
//   PUT    /api/v3/setup_processes/{eid}          SetupUpdateBody → 200 SetupProcess (status synced,
//          last_synced_at now, version + 1); 409 error.setup.published once boosted; 409
//          error.setup.stale_version (data {version}: the stored one) when `version` names an older
//          one — another tab or user saved meanwhile, nothing is written
//   DELETE /api/v3/setup_processes/{eid}?cancel=true → 204 (status cancelled; cancel=false deletes)
//   POST   /api/v3/setup_processes/{eid}/boost     → 202 BoostResponse (a task: GET /api/v3/tasks/{id});
//          422 error.setup.INVALID_ACCOUNTS (back to step 2) or error.setup.INVALID_SETUP (back to step
//          3) with `data.problems` (SetupProblem[]) when the stored setup cannot be published
// Errors (ARCHITECTURE §3 body): 400 error.validation.invalid, 403 error.auth.forbidden (subcode wave),
// 404 error.common.notFound (no such event of the partner, also another partner's).
import { z } from 'zod';
import { MEDIA_LIMITS } from '../campaigns/media-rules';
import { text } from './common';
import { Location } from './fb-targeting';
import { CALL_TO_ACTIONS } from './meta-lookups';
import { ASSET_KEYS } from './meta-connect';
import { CAMPAIGN_GOALS } from './taste-clusters';

// ---------------------------------------------------------------------------------------------
// Constants (spec 2 §5, §9): zod-free in ../campaigns/setup-constants, re-exported here.

export * from '../campaigns/setup-constants';
import {
  AGE,
  CREATIVE_LANGUAGE_CODES,
  CREATIVE_LIST,
  CREATIVE_TEXT,
  CUSTOM_EVENT_TYPES,
  MAX_MEDIA,
  MEDIA_STATUSES,
  RADIUS,
  SETUP_STATUSES,
  SETUP_STEPS,
  TARGETING_MODES,
  type CreativeLanguage,
} from '../campaigns/setup-constants';

// ---------------------------------------------------------------------------------------------
// Pieces

const goal = text()
  .max(200)
  .transform((g) => g.split('.').pop()!.trim().toUpperCase())
  .pipe(z.enum(CAMPAIGN_GOALS));
const day = z.iso.date();
const tcKey = { tc: z.number().int().min(0).max(1_000_000), tc_run_id: z.number().int().min(1).max(2_147_483_647) };
const line = (max: number) => text().max(max);

/**
 * A media file of a creative (spec 2 §3 Media item), as stored: an upload of type media that the
 * server checked (type by magic bytes, resolution, duration). `id` is the upload's id.
 */
export const MediaItem = z.object({
  id: z.uuid(),
  index: z.number().int().min(0).max(MAX_MEDIA - 1),
  name: line(255),
  /** Same-origin URL the previews and the ad platform fetch the file from. */
  url: line(1000),
  preview: line(1000).nullable().optional(),
  size: z.number().int().min(1),
  type: z.enum(['image/jpeg', 'image/png', 'video/mp4', 'video/quicktime']),
  width: z.number().int().min(1).max(MEDIA_LIMITS.maxSide),
  height: z.number().int().min(1).max(MEDIA_LIMITS.maxSide),
  /** Seconds, videos only. */
  duration: z.number().min(0).max(100_000).nullable().optional(),
  status: z.enum(MEDIA_STATUSES),
});
export type MediaItem = z.infer<typeof MediaItem>;

/** spec 2 §3 Creative, one per taste cluster. Lists keep blanks while editing; they are stripped on publish. */
export const Creative = z.object({
  ...tcKey,
  headline: z.array(line(CREATIVE_TEXT.headline.max)).max(CREATIVE_LIST.max),
  body: z.array(line(CREATIVE_TEXT.body.max)).max(CREATIVE_LIST.max),
  media: z.array(MediaItem).max(MAX_MEDIA),
  destination_url: z.array(line(CREATIVE_TEXT.destination_url.max)).max(CREATIVE_LIST.max),
  call_to_action: z.enum(CALL_TO_ACTIONS).nullable(),
  description: line(CREATIVE_TEXT.description.max),
  language: z.enum(CREATIVE_LANGUAGE_CODES as [CreativeLanguage, ...CreativeLanguage[]]),
  /** Variation codes (spec 2 §3 Variation id) the user switched off in the previews. */
  excluded_variations: z.array(text().max(5)).max(5 * 5 * MAX_MEDIA * 5),
  /** Custom audiences of the ad account, comma-separated Meta ids; null for none. */
  audience_id: text().max(2000).regex(/^\d+(,\d+)*$/).nullable(),
  /** Whether this cluster takes its destination URLs from the first cluster. */
  destination_url_inherited: z.boolean(),
});
export type Creative = z.infer<typeof Creative>;

/** A radius location: a city or place with its radius in both units (spec 2 §3 Targeting). */
export const RangeLocation = Location.extend({
  mile_range: z.number().int().min(RADIUS.mile.min).max(RADIUS.mile.max).nullable().optional(),
  kilometer_range: z.number().int().min(RADIUS.kilometer.min).max(RADIUS.kilometer.max).nullable().optional(),
});
export type RangeLocation = z.infer<typeof RangeLocation>;

/** spec 2 §3 Targeting per cluster. */
export const Targeting = z.object({
  ...tcKey,
  targeting_mode: z.enum(TARGETING_MODES).nullable(),
  age_range: z.object({ min: z.number().int().min(AGE.min).max(AGE.max), max: z.number().int().min(AGE.min).max(AGE.max) }),
  /** Country code → matched postal-code locations (keys `DE:10115`). */
  postal_codes: z.record(z.string().regex(/^[A-Z]{2}$/), z.array(Location).max(2000)),
  range_locations: z.object({ included: z.array(RangeLocation).max(200), excluded: z.array(RangeLocation).max(200) }).nullable(),
  location_recency: z.enum(['home', 'recent', 'home_or_recent']).nullable().optional(),
});
export type Targeting = z.infer<typeof Targeting>;

/** One connected asset the setup uses (spec 2 §3 Integration asset); `asset_id` is our asset row id. */
export const IntegrationDetail = z.object({
  asset_class: z.enum(ASSET_KEYS),
  asset_id: z.uuid(),
  platform: z.enum(['facebook', 'instagram']),
});
export type IntegrationDetail = z.infer<typeof IntegrationDetail>;

/** spec 2 §3 Wizard state the server keeps, so a reload comes back to the same step. */
export const WizardProgress = z.object({
  current_step: z.number().int().min(1).max(SETUP_STEPS),
  current_completed_step: z.number().int().min(0).max(SETUP_STEPS),
  preview_viewed: z.boolean(),
});

// ---------------------------------------------------------------------------------------------
// Bodies

const setupFields = {
  goal,
  /** Whole budget for the runtime, major units of the partner's currency. */
  total_budget: z.number().int().min(1).max(10_000_000),
  start_date: day,
  end_date: day,
  integration_details: z.array(IntegrationDetail).max(4),
  conversion_id: z.string().regex(/^\d{1,30}$/).nullable(),
  lead_form_id: z.string().regex(/^\d{1,30}$/).nullable(),
  custom_event_type: z.enum(CUSTOM_EVENT_TYPES),
  targeting: z.array(Targeting).max(50),
  /** Taste cluster (as string) → disabled variation codes. */
  disabled_variations: z.record(z.string().regex(/^\d{1,7}$/), z.array(text().max(5)).max(1250)),
  wizard: WizardProgress,
};

/** POST: start a setup (spec 2 §5 Setup payload: budget and goal required, at least one cluster). */
export const SetupStartBody = z
  .object({
    goal: setupFields.goal,
    total_budget: setupFields.total_budget,
    start_date: setupFields.start_date,
    end_date: setupFields.end_date,
    /** The chosen clusters; their creatives start empty. */
    creatives: z.array(z.object(tcKey)).min(1).max(50),
    integration_details: setupFields.integration_details.optional(),
    conversion_id: setupFields.conversion_id.optional(),
    lead_form_id: setupFields.lead_form_id.optional(),
    custom_event_type: setupFields.custom_event_type.optional(),
  })
  .strict();
export type SetupStartBody = z.infer<typeof SetupStartBody>;

/** PUT: any subset of the setup's fields (the autosave sends what changed). */
export const SetupUpdateBody = z
  .object({
    ...Object.fromEntries(Object.entries(setupFields).map(([k, v]) => [k, v.optional()])),
    creatives: z.array(Creative).max(50).optional(),
    /** The version this change was made on (the wizard always sends it); without it the PUT is last-write-wins. */
    version: z.number().int().min(1).optional(),
  } as { [K in keyof typeof setupFields]: z.ZodOptional<(typeof setupFields)[K]> } & {
    creatives: z.ZodOptional<z.ZodArray<typeof Creative>>;
    version: z.ZodOptional<z.ZodNumber>;
  })
  .strict();
export type SetupUpdateBody = z.infer<typeof SetupUpdateBody>;

export const SetupEventParam = z.object({ eid: text().min(1).max(200) });
export const SetupDeleteQuery = z.object({ cancel: z.enum(['true', 'false']).default('true').transform((v) => v === 'true') });

// ---------------------------------------------------------------------------------------------
// Answers

/** A reason a setup cannot be published, for the browser to point at the field. */
export const SetupProblem = z.object({
  /** 'integrations', 'creatives', 'targeting' or 'payload'. */
  area: z.enum(['integrations', 'creatives', 'targeting', 'payload']),
  tc: z.number().int().nullable(),
  /** A spec code (TARGETING_CODES, common.errors.fillRequired, …) or a connect error code. */
  code: z.string(),
  field: z.string().nullable(),
});
export type SetupProblem = z.infer<typeof SetupProblem>;

export const SetupProcess = z.object({
  id: z.string(),
  eid: z.string(),
  status: z.enum(SETUP_STATUSES),
  goal: z.enum(CAMPAIGN_GOALS),
  total_budget: z.number().int(),
  /** The budget converted to the chosen ad account's currency (null without an ad account). */
  budget_in_ad_account_currency: z.object({ amount: z.number(), currency: z.string() }).nullable(),
  currency: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  creatives: z.array(Creative),
  targeting: z.array(Targeting),
  integration_details: z.array(IntegrationDetail),
  conversion_id: z.string().nullable(),
  lead_form_id: z.string().nullable(),
  custom_event_type: z.enum(CUSTOM_EVENT_TYPES),
  disabled_variations: z.record(z.string(), z.array(z.string())),
  wizard: WizardProgress,
  created_at: z.string(),
  /** spec 2 §3 lastSyncedAt: the last successful PUT. */
  last_synced_at: z.string().nullable(),
  /** +1 on every PUT: the autosave sends the one it edited, a stale one is refused (issue 20). */
  version: z.number().int(),
  /** The last boost's failure, if any (code and message). */
  error: z.object({ error_code: z.string(), message: z.string() }).nullable(),
  /** The running boost task, while it runs. */
  boost_task_id: z.string().nullable(),
});
export type SetupProcess = z.infer<typeof SetupProcess>;

export const BoostResponse = z.object({ task_id: z.string() });
export type BoostResponse = z.infer<typeof BoostResponse>;

// spec 2 §2 "Campaign creative form" in a running campaign, §4 "Campaign edit", §7 POST
// /campaigns_setup (issue 22): one published taste cluster's creative, targeting and audience,
// changed while it runs. Meta gets a new creative for the ad set's ad and the new targeting; our
// published setup and campaign row follow, so the campaign list, previews and PDF show it.
//
// Call (wave permission, the viewer's partner's events only):
//   POST /api/v3/campaigns_setup {eid, tc, tc_run_id, creatives: [Creative], targeting: [Targeting], audience_id}
//     → 200 CampaignEditResult
// Errors (ARCHITECTURE §3): 400 error.validation.invalid (the body), 404 error.common.notFound (no
// such event, or no published campaign of that cluster), 409 error.campaign.edit.ended (its end
// has passed), 409 error.campaign.config.task_pending (a budget/runtime change is running), 422
// error.setup.INVALID_SETUP with data.problems (SetupProblem[]: the creative's and targeting's
// fields, as the wizard's; 'error.campaign.edit.media_count' when media were added or removed),
// 422 error.setup.INVALID_ACCOUNTS with data.problems (an asset of the campaign is switched off
// or unreachable), and the ad platform's error.connect.facebook.* codes.
import { z } from 'zod';
import { text } from './common';
import { Creative, Targeting } from './setup-process';

export const CampaignEditBody = z
  .object({
    eid: text().min(1).max(200),
    tc: z.number().int().min(0).max(1_000_000),
    tc_run_id: z.number().int().min(1).max(2_147_483_647),
    creatives: z.array(Creative).length(1),
    targeting: z.array(Targeting).length(1),
    audience_id: Creative.shape.audience_id,
  })
  .strict();
export type CampaignEditBody = z.infer<typeof CampaignEditBody>;

export const CampaignEditResult = z.object({
  eid: z.string(),
  tc: z.number().int(),
  tc_run_id: z.number().int(),
  creative: Creative,
  targeting: Targeting,
  /** When the change reached the ad platform (ISO). */
  updated_at: z.string(),
});
export type CampaignEditResult = z.infer<typeof CampaignEditResult>;

/** A running campaign's media may be replaced, never added or removed (spec 2 §5 "Media"). */
export const MEDIA_COUNT_CODE = 'error.campaign.edit.media_count';

// spec 2 §4 "Campaign status", §7 "Event-level" (issue 22): pausing and resuming an event's
// published campaign and its optimisation, on the wire.
//
// Calls (wave permission, the viewer's partner's events only):
//   PUT /api/v3/events/{id}/client_campaign_status?client_campaign_status=ACTIVE|PAUSED             → 204
//   PUT /api/v3/events/{id}/campaign_optimisation_status?campaign_optimisation_status=ACTIVE|PAUSED → 204
//   GET /api/v3/events/{id}/client_campaign_status/task                                             → 200 StatusTask
// Both PUTs queue the task `campaigns.status`, which changes every ad set of the newest
// publication at the platform, then our rows; the event's client_campaign_status and
// campaign_optimisation_status follow once it succeeded.
// Errors: 404 error.common.notFound (no such event, or no status task yet: the menu reads
// not_found), 404 error.campaign.config.remote_campaign_not_published, 409
// error.campaign.status.ended, 409 error.campaign.config.task_pending, 403
// error.connect.facebook.invalid_token (no live Meta connection), 400 error.validation.invalid.
import { z } from 'zod';
import type { TaskStatus } from './tasks';

const Status = z.enum(['ACTIVE', 'PAUSED']);

export const CampaignStatusQuery = z.object({ client_campaign_status: Status }).strict();
export const OptimisationStatusQuery = z.object({ campaign_optimisation_status: Status }).strict();

export interface StatusTask {
  task_id: string;
  /** Celery-style; the menu maps it (src/lib/campaigns/campaign-status-rules.ts statusTaskState). */
  status: TaskStatus;
  ready: boolean;
  /** Which switch asked for it. */
  change: 'status' | 'optimisation';
  value: 'ACTIVE' | 'PAUSED';
  datetime: string;
}

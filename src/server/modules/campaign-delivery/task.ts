// The daily delivery run (issue 22): queued once per UTC day with the housekeeping
// (tasks/maintenance.ts), it delivers every published ad set up to the end of the day before.
import { z } from 'zod';
import { registerTask, PermanentTaskError } from '../tasks/registry';
import { deliverCampaigns } from './deliver';

export const CAMPAIGN_DELIVERY = 'campaigns.deliver';

const Payload = z.object({ day: z.iso.date() });

registerTask(CAMPAIGN_DELIVERY, async (payload, { db }) => {
  const parsed = Payload.safeParse(payload);
  if (!parsed.success) throw new PermanentTaskError(`Invalid ${CAMPAIGN_DELIVERY} payload`);
  const through = new Date(Date.parse(`${parsed.data.day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return deliverCampaigns(db, { through });
});

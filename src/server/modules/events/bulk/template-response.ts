// The download response both template routes share (sign-in required, attachment, private cache).
import type { BulkRegion } from '../../../../lib/contracts/bulk-upload';
import { eventsTemplate } from './template';

export async function templateResponse(region: BulkRegion, viewer: unknown, redirect: (to: string, status: 302) => Response): Promise<Response> {
  const name = `events_template_${region}.xlsx`;
  if (!viewer) return redirect(`/login?next=${encodeURIComponent(`/downloads/${name}`)}`, 302);
  return new Response(new Uint8Array(await eventsTemplate(region)), {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${name}"`,
      // The example row's date moves with the day.
      'Cache-Control': 'private, max-age=600',
    },
  });
}

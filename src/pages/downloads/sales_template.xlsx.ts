// GET /downloads/sales_template.xlsx (spec 3 §2, §3): the sales template, built from code.
// Signed-in users only, like every other call of the console.
import type { APIRoute } from 'astro';
import { salesTemplate } from '../../server/modules/sales/template';

export const prerender = false;

export const GET: APIRoute = async ({ locals, redirect }) => {
  if (!locals.viewer) return redirect('/login?next=%2Fdownloads%2Fsales_template.xlsx', 302);
  return new Response(new Uint8Array(await salesTemplate()), {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': 'attachment; filename="sales_template.xlsx"',
      'Cache-Control': 'private, max-age=3600',
    },
  });
};

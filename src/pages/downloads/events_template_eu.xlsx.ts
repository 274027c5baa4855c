// GET /downloads/events_template_eu.xlsx (spec 3 §2 "Bulk events upload page", §9): the bulk
// template with EU dates, built from code. Signed-in users only, like the sales template.
import type { APIRoute } from 'astro';
import { templateResponse } from '../../server/modules/events/bulk/template-response';

export const prerender = false;

export const GET: APIRoute = ({ locals, redirect }) => templateResponse('eu', locals.viewer, redirect);

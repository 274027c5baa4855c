import type { APIRoute } from 'astro';
import { sharedApp } from '../../../server/api/app';

export const prerender = false;
export const ALL: APIRoute = ({ request }) => sharedApp().fetch(request);

import type { APIRoute } from 'astro';
import { sharedApp } from '../../../server/api/app';
import { requestEnv } from '../../../server/api/request-env';

export const prerender = false;
export const ALL: APIRoute = (ctx) => sharedApp().fetch(ctx.request, requestEnv(ctx));

// Who is calling, for rate limits and the sessions list. The socket address comes from the page
// endpoint (Astro's clientAddress, passed as the Hono env); X-Forwarded-For is believed only
// when TRUST_PROXY is set, since anyone can send that header to dodge per-address limits.
import type { Context } from 'hono';
import type { ClientMeta } from '../modules/auth/sessions';
import { config } from '../config';

export interface RequestEnv {
  clientAddress?: string;
}

export function clientMeta(c: Context): ClientMeta {
  const forwarded = config.trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
  const socket = (c.env as RequestEnv | undefined)?.clientAddress;
  return { ip: forwarded || socket || null, userAgent: c.req.header('user-agent') ?? null };
}

import type { Context } from 'hono';
import type { ClientMeta } from '../modules/auth/sessions';

export function clientMeta(c: Context): ClientMeta {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  return { ip: forwarded ?? null, userAgent: c.req.header('user-agent') ?? null };
}

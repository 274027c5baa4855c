// spec 1 §7 Authentication: sign-in, partner choice, sign-out.
import { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { LoginRequest, SelectPartnerRequest } from '../../lib/contracts/auth';
import { SESSION_COOKIE } from '../../lib/constants';
import { choosePartner, signIn, signOut } from '../modules/auth/service';
import { sessionCookieOptions } from '../modules/auth/cookie';
import type { Env } from './env';
import { viewerOf } from './middleware';
import { validate } from './validate';
import { clientMeta } from './client-meta';

export const authRouter = new Hono<Env>()
  .post('/', validate('json', LoginRequest), async (c) => {
    const result = await signIn(c.var.db, c.req.valid('json'), clientMeta(c));
    const opts = sessionCookieOptions(new URL(c.req.url).protocol === 'https:');
    setCookie(c, SESSION_COOKIE, result.sessionToken, { ...opts, sameSite: 'Lax' });
    return c.json(result.body);
  })
  .post('/partner', validate('json', SelectPartnerRequest), async (c) => {
    const viewer = viewerOf(c);
    await choosePartner(c.var.db, viewer, c.req.valid('json').partner_id);
    return c.body(null, 204);
  })
  .post('/logout', async (c) => {
    const viewer = c.var.viewer;
    if (viewer) await signOut(c.var.db, viewer.sessionId);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.body(null, 204);
  });

// spec 1 §7 GET /features, /permissions, /profile, PUT /profile, /profile/my-groups, /partners/,
// /messages/totalunread.
import { Hono } from 'hono';
import { UpdateProfileRequest } from '../../lib/contracts/auth';
import { getProfile, permissionList, totalUnread, updateProfile } from '../modules/auth/profile';
import type { Env } from './env';
import { partnerViewerOf, viewerOf } from './middleware';
import { validate } from './validate';

export const profileRouter = new Hono<Env>()
  .get('/permissions', (c) => c.json(permissionList(partnerViewerOf(c))))
  .get('/features', (c) => c.json(partnerViewerOf(c).features))
  .get('/profile', async (c) => c.json(await getProfile(c.var.db, viewerOf(c))))
  .put('/profile', validate('json', UpdateProfileRequest), async (c) => c.json(await updateProfile(c.var.db, viewerOf(c), c.req.valid('json'))))
  .get('/profile/my-groups', (c) => c.json(viewerOf(c).memberships))
  .get('/partners', (c) => c.json(partnerViewerOf(c).partner))
  .get('/messages/totalunread', async (c) => c.json({ total_unread: await totalUnread(c.var.db, partnerViewerOf(c)) }));

// spec 1 §3 user profile and §7 GET/PUT /profile.
import { eq } from 'drizzle-orm';
import { notificationStats } from '../notifications/repo';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Profile, UpdateProfileRequest } from '../../../lib/contracts/auth';
import { DEFAULT_ACCESS_LEVEL, PERMISSIONS } from '../../../lib/constants';
import { notFound } from '../../lib/errors';
import type { Viewer } from './viewer';
import { partnerGroup } from './id-token';

export async function getProfile(db: Db, viewer: Viewer): Promise<Profile> {
  const [user] = await db.select().from(users).where(eq(users.id, viewer.userId)).limit(1);
  if (!user) throw notFound('User');
  return {
    id: user.id,
    email: user.email,
    email_verified: user.emailVerified,
    name: `${user.givenName} ${user.familyName}`,
    given_name: user.givenName,
    family_name: user.familyName,
    zoneinfo: user.zoneinfo,
    locale: user.locale,
    language: viewer.language,
    camp_notice_period: user.campNoticePeriod,
    multi_partner_view: user.multiPartnerView,
    isAdmin: user.isAdmin,
    isBackOfficeAdmin: user.isBackOfficeAdmin,
    accessLevel: viewer.accessLevel ?? DEFAULT_ACCESS_LEVEL,
    partnerId: viewer.partner?.id ?? null,
    cognitoGroups: viewer.memberships.map((m) => partnerGroup(m.id)),
  };
}

export async function updateProfile(db: Db, viewer: Viewer, patch: UpdateProfileRequest): Promise<Profile> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (patch.given_name !== undefined) set.givenName = patch.given_name;
  if (patch.family_name !== undefined) set.familyName = patch.family_name;
  if (patch.language !== undefined) {
    set.language = patch.language;
    set.locale = patch.language === 'de' ? 'de-DE' : 'en-US';
  }
  if (patch.multi_partner_view !== undefined) set.multiPartnerView = patch.multi_partner_view;
  if (Object.keys(set).length > 0) await db.update(users).set(set).where(eq(users.id, viewer.userId));
  return getProfile(db, { ...viewer, language: patch.language ?? viewer.language });
}

export function permissionList(viewer: Viewer) {
  return PERMISSIONS.map((name) => ({ name, is_enabled: viewer.permissions[name] }));
}

/** The sidebar badge: unread notifications the list would show (spec 1 §2.3). */
export async function totalUnread(db: Db, viewer: Viewer & { partner: { id: number; product: 'prisma' | 'full-service' } }): Promise<number> {
  const stats = await notificationStats(db, { userId: viewer.userId, partnerId: viewer.partner.id, product: viewer.partner.product, language: viewer.language });
  return stats.unread;
}

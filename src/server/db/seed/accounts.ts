// Demo partners and users (issue 2): the accounts the README prints. Every user's password is
// DEMO_PASSWORD; permissions and features per membership.
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { featureFlags, memberships, notifications, partners, permissions, users } from '../schema';
import { PERMISSIONS, type PermissionName } from '../../../lib/constants';
import { hashPassword } from '../../modules/auth/password';
import { sealTotpSecret } from '../../modules/auth/totp-store';
import { config } from '../../config';

export const DEMO_PASSWORD = 'Encore-Demo-2026!';
/**
 * Issue 3 "the demo stays usable": in the embedded demo every demo user has an authenticator
 * enrolled with this published secret (README), TOTP preferred and email codes active. Outside
 * the demo (NODE_ENV=production or ENCORE_DEMO=0) no account gets a known secret: the users meet
 * MFA_SETUP at their first sign-in.
 */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

export const DEMO_PARTNERS = [
  {
    id: 1001,
    name: 'Konzerthaus Rheinland',
    domain: 'konzerthaus-rheinland.de',
    product: 'full-service' as const,
    campaignRecommendations: true,
    demandPrediction: true,
    vertical: 'live-entertainment',
    attributionModelDefault: 'last_click',
    currency: 'EUR',
    language: 'de' as const,
  },
  {
    id: 1002,
    name: 'Harbour Lights Promotions',
    domain: 'harbourlights.example',
    product: 'prisma' as const,
    campaignRecommendations: false,
    demandPrediction: true,
    vertical: 'promoter',
    attributionModelDefault: 'first_click',
    currency: 'GBP',
    language: 'en' as const,
  },
];

const ALL = Object.fromEntries(PERMISSIONS.map((p) => [p, true])) as Record<PermissionName, boolean>;
const ONLY = (...names: PermissionName[]) => Object.fromEntries(PERMISSIONS.map((p) => [p, names.includes(p)])) as Record<PermissionName, boolean>;

interface DemoUser {
  email: string;
  givenName: string;
  familyName: string;
  language: 'de' | 'en';
  isAdmin: boolean;
  mustChangePassword?: boolean;
  needsUpdate?: boolean;
  partners: Partial<Record<number, Record<PermissionName, boolean>>>;
}

export const DEMO_USERS = [
  { email: 'admin@encore.demo', givenName: 'Anna', familyName: 'Admin', language: 'de', isAdmin: true, partners: { 1001: ALL } },
  { email: 'analyst@encore.demo', givenName: 'Jonas', familyName: 'Analyst', language: 'en', isAdmin: false, partners: { 1001: ONLY('lookout', 'sales') } },
  { email: 'multi@encore.demo', givenName: 'Mira', familyName: 'Multi', language: 'en', isAdmin: false, partners: { 1001: ONLY('dashboard', 'lookout', 'sales', 'settings'), 1002: ONLY('dashboard', 'lookout', 'wave', 'settings') } },
  { email: 'prisma@encore.demo', givenName: 'Priya', familyName: 'Prisma', language: 'en', isAdmin: false, partners: { 1002: ONLY('dashboard', 'lookout', 'wave', 'backhaul', 'sales', 'settings') } },
  // The two account flows: a new hire must choose a password first (NEW_PASSWORD_REQUIRED →
  // /setpassword); a legacy account must re-confirm its details (needs_update → /update-user/1001).
  { email: 'newhire@encore.demo', givenName: 'Nele', familyName: 'Newhire', language: 'en', isAdmin: false, mustChangePassword: true, partners: { 1001: ONLY('dashboard', 'lookout') } },
  { email: 'legacy@encore.demo', givenName: 'Lars', familyName: 'Legacy', language: 'en', isAdmin: false, needsUpdate: true, partners: { 1001: ONLY('dashboard', 'lookout') } },
] as const satisfies readonly DemoUser[];

/** Feature flags per partner; the admin additionally holds every feature personally. */
const PARTNER_FEATURES: Record<number, Record<string, boolean>> = {
  1001: { 'package-builder': true, notifications: true, 'event.simulation': true, 'events.bulk-upload': true },
  1002: { 'package-builder': false, notifications: true, 'event.simulation': true, 'events.bulk-upload': true },
};
const ADMIN_FEATURES = { 'package-builder': true, notifications: true, 'event.simulation': true, 'campaign.composer.edit': true, 'features.console.toggle': true };

export async function seedAccounts(db: Db, opts: { demoMfa?: boolean } = {}): Promise<{ userIds: Record<string, string> }> {
  const demoMfa = opts.demoMfa ?? config.demo;
  await db.insert(partners).values(DEMO_PARTNERS);
  const hash = await hashPassword(DEMO_PASSWORD);
  const userIds: Record<string, string> = {};
  for (const u of DEMO_USERS as readonly DemoUser[]) {
    const [row] = await db
      .insert(users)
      .values({
        email: u.email,
        passwordHash: hash,
        givenName: u.givenName,
        familyName: u.familyName,
        language: u.language,
        locale: u.language === 'de' ? 'de-DE' : 'en-US',
        emailVerified: true,
        isAdmin: u.isAdmin,
        mustChangePassword: u.mustChangePassword ?? false,
        needsUpdate: u.needsUpdate ?? false,
      })
      .returning({ id: users.id });
    userIds[u.email] = row.id;
    if (demoMfa) {
      await db
        .update(users)
        .set({ totpSecretEnc: sealTotpSecret(DEMO_TOTP_SECRET, row.id), totpEnabled: true, emailOtpEnabled: true, mfaPreferred: 'SOFTWARE_TOKEN_MFA' })
        .where(eq(users.id, row.id));
    }
    for (const [pid, perms] of Object.entries(u.partners) as [string, Record<PermissionName, boolean>][]) {
      const partnerId = Number(pid);
      await db.insert(memberships).values({ userId: row.id, partnerId });
      await db.insert(permissions).values(Object.entries(perms).map(([name, isEnabled]) => ({ userId: row.id, partnerId, name, isEnabled })));
    }
    if (u.isAdmin) {
      await db.insert(featureFlags).values(Object.entries(ADMIN_FEATURES).map(([name, enabled]) => ({ partnerId: 1001, userId: row.id, name, enabled })));
    }
  }
  for (const [pid, flags] of Object.entries(PARTNER_FEATURES)) {
    await db.insert(featureFlags).values(Object.entries(flags).map(([name, enabled]) => ({ partnerId: Number(pid), name, enabled })));
  }
  await seedNotifications(db, userIds);
  return { userIds };
}

// A few notifications so the shell's unread badge counts something real from day one.
async function seedNotifications(db: Db, userIds: Record<string, string>): Promise<void> {
  const items = [
    { topic: 'event', title: 'Sales below expectation', body: 'Three events next month sell **below** their benchmark.' },
    { topic: 'campaign', title: 'Campaign ended', body: 'A campaign reached its stop time.' },
    { topic: 'upload', title: 'Upload processed', body: 'Your ticketing file was imported.' },
  ];
  const rowsToInsert: (typeof notifications.$inferInsert)[] = [];
  for (const u of DEMO_USERS) {
    for (const pid of Object.keys(u.partners)) {
      items.forEach((it, i) =>
        rowsToInsert.push({ partnerId: Number(pid), userId: userIds[u.email], title: it.title, body: it.body, topic: it.topic, isRead: i === 2 }),
      );
    }
  }
  await db.insert(notifications).values(rowsToInsert);
}

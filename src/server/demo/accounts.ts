// Demo partners and users (issue 2): the accounts the README prints. Every user's password is
// DEMO_PASSWORD; permissions and features per membership.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { featureFlags, memberships, notifications, partners, permissions, users } from '../db/schema';
import { PERMISSIONS, type PermissionName } from '../../lib/constants';
import { hashPassword } from '../modules/auth/password';
import { sealTotpSecret } from '../modules/auth/totp-store';
import { config } from '../config';
import { seedDemoUpload } from './uploads';
import { COPIES_KEY } from '../modules/notifications/render';
import { nowMs } from '../lib/clock';

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
    domain: 'konzerthaus-rheinland.example',
    product: 'full-service' as const,
    campaignRecommendations: true,
    demandPrediction: true,
    vertical: 'live-entertainment',
    attributionModelDefault: 'FD',
    currency: 'EUR',
    language: 'de' as const,
    // In the Rhineland: North Rhine-Westphalia's public holidays (issue 25).
    country: 'DE',
    region: 'NW' as string | null,
  },
  {
    id: 1002,
    name: 'Harbour Lights Promotions',
    domain: 'harbourlights.example',
    product: 'prisma' as const,
    campaignRecommendations: false,
    demandPrediction: true,
    vertical: 'promoter',
    attributionModelDefault: 'META',
    currency: 'GBP',
    language: 'en' as const,
    country: 'GB',
    region: null as string | null,
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
  /** The user's own feature flags per partner (user rows override the partner's). */
  features?: Partial<Record<number, Record<string, boolean>>>;
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
  // A package-builder trial account (spec 3 §2/§6 demo mode, docs/PACKAGE-BUILDER.md "Demo mode"):
  // partner 1002 does not have the package builder; this one account has it in demo mode, so it
  // sees the fixed sample package with its export disabled and builds nothing.
  {
    email: 'trial@encore.demo',
    givenName: 'Theo',
    familyName: 'Trial',
    language: 'en',
    isAdmin: false,
    partners: { 1002: ONLY('dashboard', 'lookout', 'backhaul') },
    features: { 1002: { 'package-builder': true, 'package-builder.demo': true } },
  },
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
    for (const [pid, flags] of Object.entries(u.features ?? {}) as [string, Record<string, boolean>][]) {
      await db.insert(featureFlags).values(Object.entries(flags).map(([name, enabled]) => ({ partnerId: Number(pid), userId: row.id, name, enabled })));
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

// A realistic fortnight of notifications per demo user and partner, in the user's language,
// newest first: SEED_NOTIFICATIONS rows of which SEED_UNREAD are unread (the badge's count).
type SeedNote = { topic: string; hoursAgo: number; read: boolean; url?: string; data?: Record<string, unknown>; en: [string, string]; de: [string, string] };
const NOTES: SeedNote[] = [
  { topic: 'sales', hoursAgo: 2, read: false, url: '/events', en: ['Sales import finished', 'The sales file for **Beethoven: Symphonie Nr. 9** was imported: 14 day(s), 312 ticket(s).'], de: ['Verkaufsimport abgeschlossen', 'Die Verkaufsdatei für **Beethoven: Symphonie Nr. 9** wurde importiert: 14 Tag(e), 312 Ticket(s).'] },
  { topic: 'event', hoursAgo: 9, read: false, url: '/events', data: { event_category: 'symphony' }, en: ['Below benchmark: Mahler 5', '**Mahler 5** is now predicted to sell **61 %** of capacity, below comparable events (78 %).\n\n- Consider a campaign\n- Check the price categories'], de: ['Unter Benchmark: Mahler 5', 'Für **Mahler 5** werden jetzt **61 %** der Kapazität erwartet, weniger als bei vergleichbaren Veranstaltungen (78 %).\n\n- Kampagne erwägen\n- Preiskategorien prüfen'] },
  { topic: 'upload', hoursAgo: 20, read: false, url: '/fileUpload', en: ['Upload finished', 'Your file **season-2027-programme.pdf** was uploaded. [Download the file](/attachment?url={upload})'], de: ['Upload abgeschlossen', 'Ihre Datei **season-2027-programme.pdf** wurde hochgeladen. [Datei herunterladen](/attachment?url={upload})'] },
  { topic: 'campaign', hoursAgo: 30, read: false, url: '/campaigns', en: ['Campaign ended', 'The campaign *Spring season* reached its stop time. Results are in the [campaign overview](/campaigns).'], de: ['Kampagne beendet', 'Die Kampagne *Frühjahrssaison* hat ihr Ende erreicht. Ergebnisse finden Sie in der [Kampagnenübersicht](/campaigns).'] },
  { topic: 'package', hoursAgo: 52, read: false, data: { event_category: 'product' }, url: '/package-builder', en: ['Package ready', 'Your packages for the coming season are built and ready to review in the [package builder](/package-builder).'], de: ['Paket fertig', 'Ihre Pakete für die kommende Saison sind erstellt und können im [Paket-Builder](/package-builder) geprüft werden.'] },
  { topic: 'sales', hoursAgo: 75, read: false, en: ['Sales import failed', 'The sales file for **Brahms: Requiem** could not be imported (invalid transaction date, Sales!A7). Nothing was changed; fix the file and upload it again.'], de: ['Verkaufsimport fehlgeschlagen', 'Die Verkaufsdatei für **Brahms: Requiem** konnte nicht importiert werden (ungültiges Transaktionsdatum, Sales!A7). Es wurde nichts geändert; korrigieren Sie die Datei und laden Sie sie erneut hoch.'] },
  { topic: 'event', hoursAgo: 100, read: false, url: '/events', en: ['Below benchmark: Die Zauberflöte', '**Die Zauberflöte** is now predicted to sell **55 %** of capacity, below comparable events (70 %).'], de: ['Unter Benchmark: Die Zauberflöte', 'Für **Die Zauberflöte** werden jetzt **55 %** der Kapazität erwartet, weniger als bei vergleichbaren Veranstaltungen (70 %).'] },
  { topic: 'upload', hoursAgo: 130, read: true, en: ['Upload finished', 'Your file **ticketing-export-march.csv** was uploaded.'], de: ['Upload abgeschlossen', 'Ihre Datei **ticketing-export-march.csv** wurde hochgeladen.'] },
  { topic: 'sales', hoursAgo: 170, read: true, url: '/events', en: ['Sales adjustments imported', 'Your edited sales export was imported: 6 event(s) updated.'], de: ['Verkaufskorrekturen importiert', 'Ihr bearbeiteter Verkaufsexport wurde importiert: 6 Veranstaltung(en) aktualisiert.'] },
  { topic: 'campaign', hoursAgo: 200, read: true, en: ['Campaign started', 'The campaign *Jazz nights* is live.'], de: ['Kampagne gestartet', 'Die Kampagne *Jazznächte* läuft.'] },
  { topic: 'event', hoursAgo: 260, read: true, en: ['Below benchmark: Carmina Burana', '**Carmina Burana** is now predicted to sell **66 %** of capacity, below comparable events (74 %).'], de: ['Unter Benchmark: Carmina Burana', 'Für **Carmina Burana** werden jetzt **66 %** der Kapazität erwartet, weniger als bei vergleichbaren Veranstaltungen (74 %).'] },
  { topic: 'upload', hoursAgo: 330, read: true, en: ['Upload finished', 'Your file **hall-plan.xlsx** was uploaded.'], de: ['Upload abgeschlossen', 'Ihre Datei **hall-plan.xlsx** wurde hochgeladen.'] },
];
/** What a full-service demo user starts with (tests and the bench rely on it). */
export const SEED_NOTIFICATIONS = NOTES.length;
export const SEED_UNREAD = NOTES.filter((n) => !n.read).length;

async function seedNotifications(db: Db, userIds: Record<string, string>): Promise<void> {
  const now = nowMs();
  const rowsToInsert: (typeof notifications.$inferInsert)[] = [];
  const uploadsByPartner = new Map<string, string | null>();
  for (const pid of new Set(DEMO_USERS.flatMap((u) => Object.keys(u.partners)))) uploadsByPartner.set(pid, await seedDemoUpload(db, Number(pid)));
  for (const u of DEMO_USERS) {
    for (const pid of Object.keys(u.partners)) {
      const upload = uploadsByPartner.get(pid);
      for (const n of NOTES) {
        if (n.en[1].includes('{upload}') && !upload) continue;
        const copy = (l: 'en' | 'de') => ({ title: n[l][0], body: n[l][1].replace('{upload}', encodeURIComponent(upload ?? '')) });
        const { title, body } = copy(u.language);
        rowsToInsert.push({
          partnerId: Number(pid),
          userId: userIds[u.email],
          title,
          body,
          topic: n.topic,
          actionUrl: n.url ?? null,
          // Read in the reader's language of the moment, like the ones made from templates.
          templateData: { ...(n.data ?? {}), [COPIES_KEY]: { en: copy('en'), de: copy('de') } },
          isRead: n.read,
          createdAt: new Date(now - n.hoursAgo * 3_600_000),
        });
      }
    }
  }
  await db.insert(notifications).values(rowsToInsert);
}

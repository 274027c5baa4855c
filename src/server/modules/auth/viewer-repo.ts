// Builds the Viewer of a session: user, memberships, and the permissions and feature flags that
// hold at the partner the request acts for.
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { featureFlags, memberships, partners, permissions, users } from '../../db/schema';
import { FEATURE_DEFAULTS, LANGUAGES, PERMISSIONS, type FeatureName, type Language, type PermissionName } from '../../../lib/constants';
import type { PartnerDetails } from '../../../lib/contracts/auth';
import { AppError } from '../../lib/errors';
import type { SessionRow } from './sessions';
import type { Viewer } from './viewer';
import { mfaSetupRequired } from './mfa-policy';

type PartnerRow = typeof partners.$inferSelect;

export function toPartnerDetails(p: PartnerRow): PartnerDetails {
  return {
    id: p.id,
    name: p.name,
    domain: p.domain,
    campaign_recommendations: p.campaignRecommendations,
    demand_prediction: p.demandPrediction,
    vertical: p.vertical,
    attribution_model_default: p.attributionModelDefault,
    product: p.product,
    currency: p.currency,
  };
}

function asLanguage(value: string): Language {
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en';
}

/**
 * @param preferredPartnerId the X-Preferred-Partner-Id header; honoured only for a partner the
 *   user belongs to, otherwise a 404 (never confirm that another partner exists).
 */
export async function loadViewer(db: Db, session: SessionRow, preferredPartnerId?: number | null): Promise<Viewer | null> {
  const [user] = await db.select().from(users).where(eq(users.id, session.userId)).limit(1);
  if (!user || user.status !== 'active') return null;

  const memberRows = await db
    .select({ partner: partners, accessLevel: memberships.accessLevel })
    .from(memberships)
    .innerJoin(partners, eq(partners.id, memberships.partnerId))
    .where(eq(memberships.userId, user.id))
    .orderBy(asc(partners.name));

  let partnerId = session.partnerId;
  if (preferredPartnerId != null) {
    if (!memberRows.some((m) => m.partner.id === preferredPartnerId)) {
      throw new AppError(404, 'error.partner.notFound', 'Partner not found');
    }
    partnerId = preferredPartnerId;
  }
  const current = memberRows.find((m) => m.partner.id === partnerId) ?? null;

  const perms = Object.fromEntries(PERMISSIONS.map((p) => [p, false])) as Record<PermissionName, boolean>;
  const features = { ...FEATURE_DEFAULTS } as Record<FeatureName, boolean>;
  if (current) {
    const [permRows, flagRows] = await Promise.all([
      db
        .select({ name: permissions.name, isEnabled: permissions.isEnabled })
        .from(permissions)
        .where(and(eq(permissions.userId, user.id), eq(permissions.partnerId, current.partner.id))),
      db
        .select({ name: featureFlags.name, enabled: featureFlags.enabled, userId: featureFlags.userId })
        .from(featureFlags)
        .where(and(eq(featureFlags.partnerId, current.partner.id), or(isNull(featureFlags.userId), eq(featureFlags.userId, user.id)))),
    ]);
    for (const p of permRows) if (p.name in perms) perms[p.name as PermissionName] = p.isEnabled;
    // Partner-wide flags first, then the user's own overrides.
    for (const f of [...flagRows].sort((a, b) => Number(a.userId !== null) - Number(b.userId !== null))) {
      features[f.name as FeatureName] = f.enabled;
    }
  }

  return {
    sessionId: session.id,
    userId: user.id,
    email: user.email,
    givenName: user.givenName,
    familyName: user.familyName,
    language: asLanguage(user.language),
    multiPartnerView: user.multiPartnerView,
    isAdmin: user.isAdmin,
    needsUpdate: user.needsUpdate,
    mfaSetupRequired: mfaSetupRequired(user, session),
    partner: current ? toPartnerDetails(current.partner) : null,
    accessLevel: current?.accessLevel ?? null,
    memberships: memberRows.map((m) => ({ id: m.partner.id, name: m.partner.name, product: m.partner.product })),
    permissions: perms,
    features,
  };
}

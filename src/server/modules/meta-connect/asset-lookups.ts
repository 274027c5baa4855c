// The setup wizard's lookups (spec 2 §7 "Assets and lookups"; contracts:
// src/lib/contracts/meta-lookups.ts). An asset is named by our row id (meta_assets.id) of the
// partner; the Meta call goes out with the token of a live connection that reaches the asset
// with permission (a system token first: it does not depend on one person), so what the wizard
// offers is what that login may really advertise with.
import type { Db } from '../../db/client';
import { now as clockNow } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { adPlatform, MetaError } from '../../adapters/meta';
import type { Audience as PlatformAudience, Conversion } from '../../adapters/meta/types';
import type { AssetKey } from '../../../lib/contracts/meta-connect';
import type {
  AudienceList,
  AudienceType,
  CallToActionName,
  ConversionList,
  ConversionName,
  CustomEventTypeName,
  LeadFormList,
  SetupGoal,
} from '../../../lib/contracts/meta-lookups';
import { isLive, withToken } from './service';
import * as repo from './repo';

const NOT_FOUND: Record<AssetKey, 'ad_account_not_found' | 'page_not_found' | 'not_found'> = {
  'facebook.ad_account': 'ad_account_not_found',
  'facebook.profile': 'page_not_found',
  'instagram.profile': 'not_found',
  'facebook.pixel': 'not_found',
};

/** spec 2 §8: "Permission missing to access {account} (ID: {id})"; `data` fills the browser's text. */
export function permissionMissing(label: string, assetId: string): AppError {
  return new AppError(
    403,
    'error.connect.facebook.missing_permissions',
    `Permission missing to access ${label} (ID: ${assetId}). To enable it for use, please reconnect the asset on the Meta assets page.`,
    undefined,
    undefined,
    undefined,
    { account: label, id: assetId },
  );
}

export interface Reached {
  asset: repo.AssetWithUsers;
  connection: repo.ConnectionRow;
}

/** A system token first (it does not depend on one person), then the most recently renewed. */
const preferred = (a: repo.ConnectionRow, b: repo.ConnectionRow) =>
  a.tokenType === b.tokenType ? b.updatedAt.getTime() - a.updatedAt.getTime() : a.tokenType === 'SYSTEM' ? -1 : 1;

/** The live connection that reaches the asset with permission, the preferred one; null if none does. */
export function connectionFor(asset: repo.AssetWithUsers, connections: readonly repo.ConnectionRow[], now: Date): repo.ConnectionRow | null {
  const permitted = new Set(asset.users.filter((u) => u.permitted).map((u) => u.connectionId));
  return connections.filter((c) => permitted.has(c.id) && isLive(c, now)).sort(preferred)[0] ?? null;
}

/**
 * The partner's asset of that class and a connection to call Meta with. Another partner's row
 * or a row of another class is simply not found (404); a switched-off asset, or one that no live
 * login reaches with permission, is the spec's permission error. The lookups, the previews and
 * the setup's asset checks share this rule.
 */
export async function reachAsset(db: Db, partnerId: number, rowId: string, key: AssetKey, now: Date): Promise<Reached> {
  const [asset] = await repo.listAssets(db, partnerId, [rowId]);
  if (!asset || asset.key !== key) throw new MetaError(NOT_FOUND[key]);
  if (!asset.isEnabled) throw permissionMissing(asset.label, asset.assetId);
  const connection = connectionFor(asset, await repo.listConnections(db, partnerId), now);
  if (!connection) throw permissionMissing(asset.label, asset.assetId);
  return { asset, connection };
}

function audienceView(a: PlatformAudience) {
  return { id: a.id, name: a.name, type: a.subtype as AudienceType, approximate_size: a.approximateSize };
}

/** GET …/ad_accounts/{id}/audiences: the ad account's custom audiences, by name; `type` keeps one kind. */
export async function audiences(db: Db, partnerId: number, adAccountRowId: string, type?: AudienceType): Promise<AudienceList> {
  const now = clockNow();
  const { asset, connection } = await reachAsset(db, partnerId, adAccountRowId, 'facebook.ad_account', now);
  const list = await withToken(db, connection, now, (t) => adPlatform().audiences(t, asset.assetId));
  const items = list.filter((a) => !type || a.subtype === type).map(audienceView);
  items.sort((x, y) => x.name.localeCompare(y.name));
  return { items };
}

async function conversionsOf(db: Db, partnerId: number, adAccountRowId: string): Promise<Conversion[]> {
  const now = clockNow();
  const { asset, connection } = await reachAsset(db, partnerId, adAccountRowId, 'facebook.ad_account', now);
  return withToken(db, connection, now, (t) => adPlatform().conversions(t, asset.assetId));
}

/**
 * GET …/ad_accounts/{id}/conversions: the conversion goals of the ad account. With a lead form the
 * result is a lead (spec 2 §4: "with a lead form the custom event becomes LEAD"), so only the
 * conversions that count leads fit it.
 */
export async function conversions(db: Db, partnerId: number, adAccountRowId: string, leadFormId?: string): Promise<ConversionList> {
  const list = await conversionsOf(db, partnerId, adAccountRowId);
  return {
    items: list
      .filter((c) => !leadFormId || c.customEventType === 'LEAD')
      .map((c) => ({ id: c.id, name: c.name, type: c.type, custom_event_type: c.customEventType, pixel_id: c.pixelId })),
  };
}

/** GET …/ad_accounts/{id}/conversions/{conversion_id}: the name of a conversion the ad account has. */
export async function conversionName(db: Db, partnerId: number, adAccountRowId: string, conversionId: string): Promise<ConversionName> {
  const found = (await conversionsOf(db, partnerId, adAccountRowId)).find((c) => c.id === conversionId);
  if (!found) throw new MetaError('not_found', 'The conversion was not found in this ad account.');
  return { id: found.id, name: found.name };
}

/**
 * GET …/assets/lead_forms: the page's active lead forms (archived ones cannot open a new ad). The
 * ad account the lead ads will run in must be usable as well, so the wizard learns of a lost
 * permission here and not at publishing.
 */
export async function leadForms(db: Db, partnerId: number, pageRowId: string, adAccountRowId?: string): Promise<LeadFormList> {
  if (!adAccountRowId) throw new MetaError('ad_account_id_required');
  const now = clockNow();
  const { asset, connection } = await reachAsset(db, partnerId, pageRowId, 'facebook.profile', now);
  await reachAsset(db, partnerId, adAccountRowId, 'facebook.ad_account', now);
  const forms = await withToken(db, connection, now, (t) => adPlatform().leadForms(t, asset.assetId));
  return { items: forms.filter((f) => f.status === 'active').map((f) => ({ id: f.id, name: f.name })) };
}

/**
 * GET /setup_processes/event_types: the result types a setup can optimise for (spec 2 §3 Setup
 * process custom_event_type: PURCHASE or LEAD). A lead form makes the result a lead (§4), without
 * one a purchase is the default and a pixel's lead event the other choice.
 */
export function eventTypes(leadFormId?: string): CustomEventTypeName[] {
  const offered = adPlatform().customEventTypes();
  const wanted: CustomEventTypeName[] = leadFormId ? ['LEAD'] : ['PURCHASE', 'LEAD'];
  return wanted.filter((t) => offered.includes(t));
}

/**
 * Calls to action per goal (spec 2 §4 goals, §5 "call to action is required"), first the one the
 * wizard preselects. Meta's lead ads accept only the form-opening buttons; a sales goal with a
 * pixel sells tickets on the website; without a pixel nothing on the site is measured, so the
 * buttons invite a visit; visibility (reach) does not ask for a sale.
 */
export const CALL_TO_ACTION_TABLE = {
  leadForm: ['SIGN_UP', 'SUBSCRIBE', 'APPLY_NOW', 'GET_OFFER', 'LEARN_MORE', 'BOOK_NOW'],
  salesWithPixel: ['BUY_TICKETS', 'SHOP_NOW', 'BOOK_NOW', 'GET_OFFER', 'LEARN_MORE', 'SIGN_UP'],
  salesWithoutPixel: ['BUY_TICKETS', 'LEARN_MORE', 'BOOK_NOW', 'SHOP_NOW', 'CONTACT_US'],
  visibility: ['LEARN_MORE', 'BUY_TICKETS', 'BOOK_NOW', 'CONTACT_US'],
} as const satisfies Record<string, readonly CallToActionName[]>;

/**
 * GET /setup_processes/call_to_action/: a lead form counts only for utilization (spec 2 §4: "when
 * the goal is not utilization, the lead form is cleared"); roas always needs the sale measured,
 * utilization sells too unless it collects leads.
 */
export function callToActions(goal: SetupGoal, hasPixel: boolean, leadFormId?: string): CallToActionName[] {
  if (goal === 'visibility') return [...CALL_TO_ACTION_TABLE.visibility];
  if (goal === 'utilization' && leadFormId) return [...CALL_TO_ACTION_TABLE.leadForm];
  return [...(hasPixel ? CALL_TO_ACTION_TABLE.salesWithPixel : CALL_TO_ACTION_TABLE.salesWithoutPixel)];
}

// The setup's Meta assets (spec 2 §3 Integration asset, §4 Asset selection, §5 Integrations): each
// must be one of the partner's asset rows (meta-connect), switched on, and reached with permission
// by a live login — the rule of the wizard's lookups (asset-lookups.ts) — and, before a boost, still
// usable according to Meta (AdPlatform.checkAsset).
import type { Db } from '../../db/client';
import { adPlatform } from '../../adapters/meta';
import type { AssetClass } from '../../adapters/meta/types';
import { AppError } from '../../lib/errors';
import type { IntegrationDetail, SetupProblem } from '../../../lib/contracts/setup-process';
import { withToken } from '../meta-connect/service';
import { connectionFor, permissionMissing } from '../meta-connect/asset-lookups';
import * as connectRepo from '../meta-connect/repo';

export interface ReachedAsset {
  detail: IntegrationDetail;
  asset: connectRepo.AssetWithUsers;
  /** The live connection that may advertise with it (a system token first). */
  connection: connectRepo.ConnectionRow | null;
  problem: 'not_found' | 'disabled' | 'unreachable' | null;
}

/** Each detail with its asset row and a connection; `problem` says why it cannot be used. */
export async function reachAssets(db: Db, partnerId: number, details: readonly IntegrationDetail[], now: Date): Promise<ReachedAsset[]> {
  if (!details.length) return [];
  const rows = await connectRepo.listAssets(db, partnerId, details.map((d) => d.asset_id));
  const connections = await connectRepo.listConnections(db, partnerId);
  return details.map((detail) => {
    const asset = rows.find((r) => r.id === detail.asset_id && r.key === detail.asset_class);
    if (!asset) return { detail, asset: undefined as never, connection: null, problem: 'not_found' as const };
    if (!asset.isEnabled) return { detail, asset, connection: null, problem: 'disabled' as const };
    const connection = connectionFor(asset, connections, now);
    return { detail, asset, connection, problem: connection ? null : ('unreachable' as const) };
  });
}

/**
 * PUT: an asset the partner does not have is bad input (400); a switched-off or unreachable one is
 * the lookups' permission error (403 error.connect.facebook.missing_permissions with its name and id).
 */
export async function checkIntegrationDetails(db: Db, partnerId: number, details: readonly IntegrationDetail[], now: Date): Promise<void> {
  for (const [i, r] of (await reachAssets(db, partnerId, details, now)).entries()) {
    if (r.problem === 'not_found') {
      throw new AppError(400, 'error.validation.invalid', 'Invalid request', undefined, undefined, [{ path: `integration_details.${i}.asset_id`, message: 'Not an asset of this partner' }]);
    }
    if (r.problem) throw permissionMissing(r.asset.label, r.asset.assetId);
  }
}

const problemOf = (r: ReachedAsset, code: string): SetupProblem => ({ area: 'integrations', tc: null, code, field: r.detail.asset_class });

/**
 * Boost: every asset of the setup must still be usable; also asks Meta (checkAsset) with the
 * connection that reaches it. Returns INVALID_ACCOUNTS problems (empty when all are fine).
 */
export async function accountProblems(db: Db, partnerId: number, details: readonly IntegrationDetail[], now: Date): Promise<{ problems: SetupProblem[]; reached: ReachedAsset[] }> {
  const reached = await reachAssets(db, partnerId, details, now);
  const problems: SetupProblem[] = [];
  for (const r of reached) {
    if (r.problem === 'not_found') problems.push(problemOf(r, 'error.connect.facebook.not_found'));
    else if (r.problem) problems.push(problemOf(r, 'error.connect.facebook.missing_permissions'));
    else {
      const check = await withToken(db, r.connection!, now, (t) => adPlatform().checkAsset(t, { assetClass: r.asset.key as AssetClass, id: r.asset.assetId })).catch(
        () => ({ ok: false as const, code: 'error.connect.facebook.missing_permissions' }),
      );
      if (!check.ok) problems.push(problemOf(r, check.code));
    }
  }
  return { problems, reached };
}

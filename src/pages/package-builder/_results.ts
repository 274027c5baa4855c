// What the package builder's pages read on the server before their islands render (ARCHITECTURE §1:
// pages call the services directly): the list's first page, and a package of the results routes.
// A failure the service names (not found, another partner's) is handed to the island as its code;
// anything else lets the island load by itself.
import { PackageIdParam, PACKAGES, type Package, type PackageList } from '../../lib/contracts/packages';
import { getDb } from '../../server/db/client';
import { AppError } from '../../server/lib/errors';
import { getPackage, listPackages, type PkgCtx } from '../../server/modules/packages/service';
import { isPackageDemo } from '../../server/modules/packages/demo';
import type { Viewer } from '../../server/modules/auth/viewer';

/** The package id of the URL, or null when it is not one (the island says not found). */
export function packageIdOf(raw: string | undefined): number | null {
  const parsed = PackageIdParam.safeParse({ id: raw ?? '' });
  return parsed.success && /^\d+$/.test(raw ?? '') ? parsed.data.id : null;
}

export const RESULTS_I18N = [
  'packages.results',
  'packages.variation',
  'packages.status',
  'packages.modes',
  'packages.demo',
  // The shared CRM export dialog (src/islands/crm) and its Sandbox badge.
  'crm',
  'common.genericError',
  'common.sandbox',
  'common.sandboxHint',
  'common.loading',
  'common.errors',
  'common.serverErrors',
  'common.close',
] as const;

/**
 * The page's interface language (cookie, profile, browser: `Astro.locals.language`), as the API picks
 * it, so a title the server words (a merged package's, demo mode's sample) reads the same in the
 * first render and after the island's own reads.
 */
function ctxOf(viewer: Viewer, language: string = viewer.language): PkgCtx {
  return { partnerId: viewer.partner!.id, userId: viewer.userId, language: language === 'de' ? 'de' : 'en', demo: isPackageDemo(viewer.features) };
}

export async function firstPackages(viewer: Viewer, language?: string): Promise<PackageList | undefined> {
  try {
    return await listPackages(await getDb(), ctxOf(viewer, language), { page: 1, limit: PACKAGES.listPageSize });
  } catch (err) {
    console.error('[packages] first page of the list failed', err);
    return undefined;
  }
}

export async function initialPackage(viewer: Viewer, id: number | null, language?: string): Promise<{ initial?: Package | null; initialError?: string | null }> {
  if (id === null) return { initial: null, initialError: 'error.common.notFound' };
  try {
    return { initial: await getPackage(await getDb(), ctxOf(viewer, language), id), initialError: null };
  } catch (err) {
    if (err instanceof AppError) return { initial: null, initialError: err.code };
    console.error('[packages] reading a package for its page failed', err);
    return {};
  }
}

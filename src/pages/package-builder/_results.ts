// What both results routes hand their island (spec 3 §2 "Package results"): the package id of the
// URL (null when it is not one) and the variation slug. The package itself loads in the island.
import { PackageIdParam } from '../../lib/contracts/packages';

export function packageIdOf(raw: string | undefined): number | null {
  const parsed = PackageIdParam.safeParse({ id: raw ?? '' });
  return parsed.success && /^\d+$/.test(raw ?? '') ? parsed.data.id : null;
}

export const RESULTS_I18N = ['packages.results', 'packages.variation', 'packages.status', 'packages.modes', 'common.loading', 'common.errors', 'common.serverErrors', 'common.close'] as const;

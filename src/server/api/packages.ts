// spec 3 §7 package builder calls under /api/v3/package_builder (contracts:
// src/lib/contracts/packages.ts). The backhaul permission and the package-builder feature flag come
// from API_RULES (src/lib/routes.ts, /api/v3/package_builder/*); every call is scoped to the
// viewer's partner. Literal paths are registered before `/:id`.
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { LANGUAGE_COOKIE } from '../../lib/constants';
import { pickLanguage } from '../../lib/i18n/language';
import {
  CreatePackageRequest,
  CustomerListParam,
  CustomerListQuery,
  EventSearchQuery,
  MergeQuery,
  PackageIdParam,
  PackageListQuery,
} from '../../lib/contracts/packages';
import {
  createPackage,
  customerList,
  getPackage,
  isPackageDemo,
  listPackages,
  mergePackages,
  regeneratePackage,
  searchEvents,
  type PkgCtx,
} from '../modules/packages';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

/** The CSV header follows the interface's language as the pages pick it (cookie, profile, browser). */
export function packagesCtxOf(c: Context<Env>): PkgCtx & { product: string } {
  const viewer = partnerViewerOf(c);
  const language = pickLanguage(getCookie(c, LANGUAGE_COOKIE), viewer.language, c.req.header('accept-language'));
  return { partnerId: viewer.partner.id, userId: viewer.userId, language: language === 'de' ? 'de' : 'en', product: viewer.partner.product, demo: isPackageDemo(viewer.features) };
}

const idParam = validate('param', PackageIdParam);

/** /api/v3/package_builder/packages */
const packagesRouter = new Hono<Env>()
  .get('/', validate('query', PackageListQuery), async (c) => c.json(await listPackages(c.var.db, packagesCtxOf(c), c.req.valid('query'))))
  .post('/', validate('json', CreatePackageRequest), async (c) => c.json(await createPackage(c.var.db, packagesCtxOf(c), c.req.valid('json')), 202))
  .post('/merge', validate('query', MergeQuery), async (c) => c.json(await mergePackages(c.var.db, packagesCtxOf(c), c.req.valid('query').packages_ids), 201))
  .get('/:id', idParam, async (c) => c.json(await getPackage(c.var.db, packagesCtxOf(c), c.req.valid('param').id)))
  // spec 3 §7: "200 returns new data" (the package, its rebuild queued).
  .post('/:id/regenerate', idParam, async (c) => c.json(await regeneratePackage(c.var.db, packagesCtxOf(c), c.req.valid('param').id), 200))
  .get('/:id/:title/customer_list', validate('param', CustomerListParam), validate('query', CustomerListQuery), async (c) => {
    const { id, title } = c.req.valid('param');
    const file = await customerList(c.var.db, packagesCtxOf(c), id, title, c.req.valid('query').name);
    return c.body(file.stream, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file.fileName.ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName.utf8)}`,
      'X-Content-Type-Options': 'nosniff',
    });
  });

/** /api/v3/package_builder: the packages and the wizard's event search (step 1). */
export const packageBuilderRouter = new Hono<Env>()
  .route('/packages', packagesRouter)
  .get('/events', validate('query', EventSearchQuery), async (c) => c.json(await searchEvents(c.var.db, packagesCtxOf(c), c.req.valid('query'))));

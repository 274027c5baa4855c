// Issue 23, spec 3 §7: the integrations manager's calls under /secrets (settings permission) and
// the CRM export under /crm (contracts: src/lib/contracts/integrations.ts). Permissions come from
// API_RULES (src/lib/routes.ts): /secrets* settings; /crm/supported settings, sentinel or
// backhaul + package-builder; /crm/export/nlq sentinel; /crm/export/package backhaul + the
// package-builder feature. Every call is scoped to the viewer's partner; a secret's value never
// leaves the server (only its preview) and no request body is logged.
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { LANGUAGE_COOKIE } from '../../lib/constants';
import { pickLanguage } from '../../lib/i18n/language';
import { CreateSecretBody, CrmExportQuery, NlqCrmExportBody, PackageCrmExportBody, SecretIdParam } from '../../lib/contracts/integrations';
import { addSecret, integrationTypes, listSecrets, previewNlqExport, previewPackageExport, removeSecret, startNlqExport, startPackageExport, supportedCrms, type Who } from '../modules/integrations';
import type { NlqCtx } from '../modules/nlq/service';
import { DEMO_PACKAGE_ID, demoExportRefused, isPackageDemo } from '../modules/packages/demo';
import { notFound } from '../lib/errors';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

function whoOf(c: Context<Env>): Who {
  const viewer = partnerViewerOf(c);
  return { partnerId: viewer.partner.id, userId: viewer.userId };
}

/**
 * Demo mode of the package builder (flag package-builder.demo): the sample package is never sent to
 * a CRM (403 error.packages.demo_export_disabled) and the partner's real packages are not there (404).
 */
function refuseDemoPackageExport(c: Context<Env>, packageId: number): void {
  if (!isPackageDemo(partnerViewerOf(c).features)) return;
  throw packageId === DEMO_PACKAGE_ID ? demoExportRefused() : notFound('Package');
}

function nlqCtxOf(c: Context<Env>): NlqCtx {
  const viewer = partnerViewerOf(c);
  const language = pickLanguage(getCookie(c, LANGUAGE_COOKIE), viewer.language, c.req.header('accept-language'));
  return { partnerId: viewer.partner.id, userId: viewer.userId, product: viewer.partner.product, language: language === 'de' ? 'de' : 'en' };
}

export const secretsRouter = new Hono<Env>()
  .get('/services', (c) => {
    partnerViewerOf(c);
    return c.json(integrationTypes());
  })
  .get('/', async (c) => c.json(await listSecrets(c.var.db, whoOf(c))))
  .post('/', validate('json', CreateSecretBody), async (c) => c.json(await addSecret(c.var.db, whoOf(c), c.req.valid('json')), 201))
  .delete('/:id', validate('param', SecretIdParam), async (c) => {
    await removeSecret(c.var.db, whoOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

export const crmRouter = new Hono<Env>()
  .get('/supported', async (c) => c.json(await supportedCrms(c.var.db, whoOf(c))))
  .post('/export/nlq', validate('query', CrmExportQuery), validate('json', NlqCrmExportBody), async (c) =>
    c.json(await startNlqExport(c.var.db, nlqCtxOf(c), c.req.valid('query'), c.req.valid('json')), 202),
  )
  .post('/export/package', validate('query', CrmExportQuery), validate('json', PackageCrmExportBody), async (c) => {
    refuseDemoPackageExport(c, c.req.valid('json').package_id);
    return c.json(await startPackageExport(c.var.db, whoOf(c), c.req.valid('query'), c.req.valid('json')), 202);
  })
  .post('/export/nlq/preview', validate('json', NlqCrmExportBody), async (c) => c.json(await previewNlqExport(c.var.db, nlqCtxOf(c), c.req.valid('json'))))
  .post('/export/package/preview', validate('json', PackageCrmExportBody), async (c) => {
    refuseDemoPackageExport(c, c.req.valid('json').package_id);
    return c.json(await previewPackageExport(c.var.db, whoOf(c), c.req.valid('json')));
  });

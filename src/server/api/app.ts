// The Hono app: the spec's main API under /api/v3 and the campaign-side service under
// /api/campaign. One router per module; auth, partner and errors as middleware.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { Db } from '../db/client';
import { getDb } from '../db/client';
import { config } from '../config';
import type { Env } from './env';
import { errorBody, handleError } from './errors';
import { identify, requireAccess, requireViewer } from './middleware';
import { identifyConnect } from './connect-identity';
import { anonymousAuthRouter, connectRouter, vendorRouter } from './meta-connect';
import { authRouter } from './auth';
import { profileRouter } from './profile';
import { tasksRouter } from './tasks';
import { devRouter } from './dev';
import { devClockRouter } from './dev-clock';
import { devClockEnabled } from '../lib/clock';
import { csrfGuard } from './csrf';
import { campaignSideEventsRouter, campaignStatsRouter, dailyRevenueRouter, eventsRouter } from './events';
import { preMfaGuard } from './middleware';
import { ingestRouter, salesEditRouter } from './sales';
import { storageRouter } from './storage';
import { historyImportRouter } from './history-import';
import { creativeCopyRouter } from './creative-copy';
import { LOCAL_PART_PATH } from '../modules/storage/signing';
import { attachmentRouter, notificationsRouter } from './notifications';
import { itcRouter, tasteClusterEventsRouter } from './taste-clusters';
import { fbTargetingRouter } from './fb-targeting';
import { assetLookupsRouter, setupLookupsRouter } from './meta-lookups';
import { adPreviewsRouter, pageInfosRouter } from './ad-previews';
import { campaignInsightsRouter, campaignReportRouter, eventAttributionRouter, runtimeBudgetRouter } from './campaign-results';
import { budgetEventsRouter } from './campaign-budget';
import { campaignStatusRouter } from './campaign-status';
import { userReportsRouter } from './user-reports';
import { metaTagsRouter } from './meta-tags';
import { campaignEditRouter } from './campaign-edit';
import { setupProcessRouter } from './setup-process';
import { nlqRouter } from './nlq';
import { customersRouter } from './customers';
import { crmRouter, secretsRouter } from './integrations';
import { packageBuilderRouter } from './packages';
import { SPREADSHEET_MAX_BYTES } from '../../lib/contracts/sales';
import { findUnsafeText } from '../../lib/contracts/limits';
import { unsafeTextResponse } from './validate';

const UPLOAD_PATHS = /^\/api\/v3\/(ingest\/transaction_summary\/from_excel|daily_revenue_summary\/sales_edit_export)\/?$/;
/** Each upload's own "file too large" code, so a body stopped before the reader reads the same as one the reader refused. */
const uploadTooLargeCode = (path: string) => (path.includes('/from_excel') ? 'error.upload_sales_from_excel.file_too_large' : 'error.sales_edit.file_too_large');

/** Every name and value of the URL's query decodes as percent-encoded UTF-8. */
function queryDecodes(url: string): boolean {
  const q = url.indexOf('?');
  if (q < 0) return true;
  const end = url.indexOf('#', q);
  for (const part of url.slice(q + 1, end < 0 ? undefined : end).split('&')) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return false;
    }
  }
  return true;
}

function v3(): Hono<Env> {
  const api = new Hono<Env>();
  api.use('*', preMfaGuard);
  // The development mailbox exists only while the demo is on (and then needs its token or a session).
  if (config.demo) api.route('/dev', devRouter);
  // The development clock exists only with ENCORE_DEV_CLOCK=1 (never in production; dev-clock.ts).
  if (devClockEnabled()) api.route('/dev/clock', devClockRouter);
  return api
    .route('/auth/anonymous', anonymousAuthRouter)
    .route('/auth', authRouter)
    .route('/vendor/partners', vendorRouter)
    .route('/integrations/connect/facebook', connectRouter)
    .route('/integrations/connect/facebook/assets', assetLookupsRouter)
    .route('/integrations/facebook', pageInfosRouter)
    .route('/integrations/facebook', campaignInsightsRouter)
    .route('/setup_processes', setupLookupsRouter)
    // Before the setup-process router: the literal `previews` segment must win over its `/:eid` routes.
    .route('/setup_processes', adPreviewsRouter)
    .route('/setup_processes', setupProcessRouter)
    // A shared-link session polls its Meta code exchange (tasks.ts limits it to those).
    .use('/tasks/*', (c, next) => (c.var.connectIdentity ? next() : requireViewer(c, next)))
    .route('/tasks', tasksRouter)
    .route('/events', eventsRouter)
    .route('/events', budgetEventsRouter)
    .route('/events', eventAttributionRouter)
    .route('/events', campaignStatusRouter)
    .route('/daily_revenue_summary', dailyRevenueRouter)
    .route('/daily_revenue_summary', salesEditRouter)
    .route('/ingest', ingestRouter)
    .route('/campaigns', campaignStatsRouter)
    .route('/campaigns', runtimeBudgetRouter)
    .route('/campaigns', metaTagsRouter)
    .route('/campaigns_setup', campaignEditRouter)
    .route('/airflow_dag', itcRouter)
    .route('/user_reports', userReportsRouter)
    .route('/fb_targeting', fbTargetingRouter)
    .route('/integrations/openai', creativeCopyRouter)
    .route('/storage', storageRouter)
    .route('/notifications', notificationsRouter)
    .route('/attachment', attachmentRouter)
    .route('/partners/history_import', historyImportRouter)
    .route('/nlq', nlqRouter)
    .route('/customers', customersRouter)
    .route('/secrets', secretsRouter)
    .route('/crm', crmRouter)
    .route('/package_builder', packageBuilderRouter)
    .route('/', profileRouter);
}

function campaignSide(): Hono<Env> {
  // The campaign-side service serves the campaigns module (spec 2; wave, by API_RULES); the rest lands with that issue.
  return new Hono<Env>().route('/events', campaignSideEventsRouter).route('/events', tasteClusterEventsRouter).route('/events', campaignReportRouter);
}

export function createApp(dbOrGetter: Db | (() => Promise<Db>) = getDb): Hono<Env> {
  const resolveDb = typeof dbOrGetter === 'function' ? dbOrGetter : async () => dbOrGetter;
  const app = new Hono<Env>({ strict: false });
  app.onError(handleError);
  app.notFound((c) => c.json(errorBody('error.common.notFound', `No route ${c.req.method} ${c.req.path}`), 404));
  app.use('*', secureHeaders({ xFrameOptions: 'DENY', referrerPolicy: 'strict-origin-when-cross-origin', strictTransportSecurity: config.secureCookies ? 'max-age=31536000; includeSubDomains' : false }));
  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });
  const jsonLimit = bodyLimit({
    maxSize: config.maxJsonBytes,
    onError: (c) => c.json(errorBody('error.request.tooLarge', `Request body larger than ${config.maxJsonBytes} bytes`), 413),
  });
  // Spreadsheet uploads may carry a 10 MB file plus the multipart envelope; the reader checks the file itself.
  const uploadMax = SPREADSHEET_MAX_BYTES + 64 * 1024;
  const uploadLimit = bodyLimit({
    maxSize: uploadMax,
    onError: (c) => c.json(errorBody(uploadTooLargeCode(c.req.path), `Uploads are limited to ${SPREADSHEET_MAX_BYTES} bytes`, { error_subcode: 'too_large' }), 413),
  });
  // Presigned part PUTs stream to disk and count their own bytes (20,000,000 per part).
  app.use('*', (c, next) =>
    c.req.path === LOCAL_PART_PATH ? next() : UPLOAD_PATHS.test(c.req.path) && c.req.method === 'POST' ? uploadLimit(c, next) : jsonLimit(c, next),
  );
  // The input net of validate.ts for what a handler might read without validate(): no query
  // value or path segment with text the database cannot store reaches any route.
  app.use('*', async (c, next) => {
    // A query whose percent-encoding does not decode (a stray %, cut or invalid UTF-8 such as
    // %ED%A0%80) is refused, not read as the literal text Hono leaves it as (docs/SECURITY.md §8).
    if (!queryDecodes(c.req.url)) return c.json(errorBody('error.request.malformedUrl', 'The address is not valid percent-encoding'), 400);
    if (findUnsafeText(c.req.path) !== null) return unsafeTextResponse(c, 'path');
    for (const [key, values] of Object.entries(c.req.queries())) {
      if (findUnsafeText(key) !== null || findUnsafeText(values) !== null) return unsafeTextResponse(c, findUnsafeText(key) === null ? key : 'query');
    }
    await next();
  });
  app.use('*', async (c, next) => {
    c.set('db', await resolveDb());
    await next();
  });
  app.use('*', csrfGuard);
  app.use('*', identify);
  app.use('*', identifyConnect);
  // spec 1 §6: permissions and feature flags per call, from the table the pages share
  // (src/lib/routes.ts API_RULES); before the pre-MFA guard, as the module checks always were.
  app.use('/api/*', requireAccess);
  app.route('/api/v3', v3());
  app.route('/api/campaign', campaignSide());
  return app;
}

// The app the Astro endpoints forward to (one per process).
let shared: Hono<Env> | undefined;
export function sharedApp(): Hono<Env> {
  shared ??= createApp();
  return shared;
}

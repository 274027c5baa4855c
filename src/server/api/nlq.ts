// spec 3 §7 Sentinel calls under /api/v3/nlq (contracts: src/lib/contracts/nlq.ts). The sentinel
// permission comes from API_RULES (/api/v3/nlq, /api/v3/nlq/*); every call is scoped to the
// viewer's partner and user (docs/SENTINEL.md). Literal paths are registered before `/:id`.
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { LANGUAGE_COOKIE } from '../../lib/constants';
import { pickLanguage } from '../../lib/i18n/language';
import { AskAgainQuery, AskQuery, CancelParam, DataFromIdsQuery, ExportBody, NlqIdParam, SaveQuery } from '../../lib/contracts/nlq';
import {
  askAgain,
  askQuestion,
  cancelQuestion,
  dataFromIds,
  exportAnswer,
  getAnswer,
  removeQuestion,
  saveQuestion,
  savedQuestions,
  type NlqCtx,
} from '../modules/nlq';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

function ctxOf(c: Context<Env>): NlqCtx {
  const viewer = partnerViewerOf(c);
  const language = pickLanguage(getCookie(c, LANGUAGE_COOKIE), viewer.language, c.req.header('accept-language'));
  return { partnerId: viewer.partner.id, userId: viewer.userId, product: viewer.partner.product, language: language === 'de' ? 'de' : 'en' };
}

const idParam = validate('param', NlqIdParam);

export const nlqRouter = new Hono<Env>()
  .get('/ids_from_nl_description', validate('query', AskQuery), async (c) => c.json(await askQuestion(c.var.db, ctxOf(c), c.req.valid('query')), 202))
  .post('/ids_from_nl_description', validate('query', AskAgainQuery), async (c) => c.json(await askAgain(c.var.db, ctxOf(c), c.req.valid('query').nlq_id), 202))
  .get('/data_from_ids', validate('query', DataFromIdsQuery), async (c) => c.json(await dataFromIds(c.var.db, ctxOf(c), c.req.valid('query'))))
  .post('/export_file_from_ids', validate('json', ExportBody), async (c) => {
    const file = await exportAnswer(c.var.db, ctxOf(c), c.req.valid('json'));
    return c.body(new Uint8Array(file.body), 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
    });
  })
  .post('/cancel/:task_id', validate('param', CancelParam), async (c) => {
    await cancelQuestion(c.var.db, ctxOf(c), c.req.valid('param').task_id);
    return c.body(null, 204);
  })
  .get('/', async (c) => c.json(await savedQuestions(c.var.db, ctxOf(c))))
  .get('/:id', idParam, async (c) => c.json(await getAnswer(c.var.db, ctxOf(c), c.req.valid('param').id)))
  .put('/:id', idParam, validate('query', SaveQuery), async (c) => c.json(await saveQuestion(c.var.db, ctxOf(c), c.req.valid('param').id, c.req.valid('query'))))
  .delete('/:id', idParam, async (c) => {
    await removeQuestion(c.var.db, ctxOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

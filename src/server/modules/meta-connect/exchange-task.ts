// The code exchange as a task (spec 1 §4.5: the browser polls GET /tasks/{id} every 3 s for up to
// 180 s). The code reaches the task sealed and bound to partner and actor; the result carries the
// connection's status, never the token.
import { decryptSecret } from '../../lib/crypto';
import { adPlatform } from '../../adapters/meta';
import { PermanentTaskError, registerTask } from '../tasks/registry';
import { codeContext, EXCHANGE_TASK, storeToken, type ExchangePayload } from './service';

registerTask(EXCHANGE_TASK, async (raw, ctx) => {
  const p = raw as Partial<ExchangePayload> | null;
  if (!p || typeof p.sealedCode !== 'string' || typeof p.redirectUri !== 'string' || typeof p.actor !== 'string' || ctx.partnerId === null) {
    throw new PermanentTaskError('malformed meta-connect.exchange payload');
  }
  const code = decryptSecret(p.sealedCode, codeContext(ctx.partnerId, p.actor));
  const token = await adPlatform().exchangeCode(code, p.redirectUri);
  return storeToken(ctx.db, { partnerId: ctx.partnerId, actor: p.actor }, token);
});

// spec 2 §4 Publishing: flush the autosave, re-fetch the setup, check accounts, integrations,
// creatives and targeting, then POST /boost and poll its task. The outcome tells the wizard where
// to go: INVALID_ACCOUNTS → step 2, INVALID_SETUP → the step of its first problem (the problems
// of `data.problems` travel with the outcome, so each is shown next to its field), success → step 5.
import type { SetupProblem, SetupProcess } from '../../../lib/contracts/setup-process';
import type { TaskResponse } from '../../../lib/contracts/tasks';
import { creativeProblems, integrationProblems, pixelProblem, targetingCode } from '../../../lib/campaigns/setup-rules';
import { ApiError } from '../../../lib/api/client';
import { targetingOf } from './wizardRules';

export type PublishOutcome =
  | { kind: 'boosted' }
  | { kind: 'invalidAccounts'; problems: SetupProblem[] }
  | { kind: 'invalidSetup'; problems: SetupProblem[] }
  | { kind: 'failed' }
  | { kind: 'gone' };

/** What the browser can check before asking the server (the server checks again), as the server's problems. */
export function localCheck(setup: SetupProcess, geoOnly: boolean): PublishOutcome | null {
  const accounts = integrationProblems(setup.integration_details);
  if (accounts.length) return { kind: 'invalidAccounts', problems: accounts };
  const problems: SetupProblem[] = [];
  const pixel = pixelProblem(setup.goal, setup.lead_form_id, setup.integration_details.some((d) => d.asset_class === 'facebook.pixel'));
  if (pixel) problems.push(pixel);
  for (const c of setup.creatives) {
    problems.push(...creativeProblems(c));
    const code = targetingCode(targetingOf(setup, c), { hasAudience: !!c.audience_id, geoOnly });
    if (code) problems.push({ area: 'targeting', tc: c.tc, code, field: 'targeting_mode' });
  }
  return problems.length ? { kind: 'invalidSetup', problems } : null;
}

/** The `problems` of an error body's data (flat records, ARCHITECTURE §3), the well-formed ones. */
export function problemsOf(data: unknown): SetupProblem[] {
  const list = (data as { problems?: unknown } | undefined)?.problems;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (p): p is SetupProblem =>
      !!p && typeof p === 'object' && ['integrations', 'creatives', 'targeting', 'payload'].includes((p as SetupProblem).area) && typeof (p as SetupProblem).code === 'string',
  ).map((p) => ({ area: p.area, tc: typeof p.tc === 'number' ? p.tc : null, code: p.code, field: typeof p.field === 'string' ? p.field : null }));
}

/** The count of variations switched off across clusters (the confirmation asks when it is > 0). */
export const disabledCount = (setup: Pick<SetupProcess, 'disabled_variations'>) => Object.values(setup.disabled_variations).reduce((n, l) => n + l.length, 0);

const reasonOf = (code: string | undefined, data?: unknown): PublishOutcome | null =>
  !code ? null : code.includes('INVALID_ACCOUNTS') ? { kind: 'invalidAccounts', problems: problemsOf(data) } : code.includes('INVALID_SETUP') ? { kind: 'invalidSetup', problems: problemsOf(data) } : null;

export const POLL_EVERY_MS = 2000;
/**
 * The first look at the boost task (issue 21 §4): the worker is woken when it is queued, so it
 * has usually finished by then; looking at once only ever met PENDING and waited POLL_EVERY_MS.
 */
export const FIRST_POLL_MS = 250;
export const POLL_FOR_MS = 180_000;

export async function publish(deps: {
  eid: string;
  geoOnly: boolean;
  flush(): Promise<void>;
  getSetup(eid: string): Promise<SetupProcess | null>;
  boost(eid: string): Promise<{ task_id: string }>;
  task(id: string): Promise<TaskResponse>;
  sleep?(ms: number): Promise<void>;
  nowMs?(): number;
}): Promise<PublishOutcome> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const nowMs = deps.nowMs ?? Date.now;
  await deps.flush();
  const setup = await deps.getSetup(deps.eid);
  if (!setup || setup.status === 'cancelled') return { kind: 'gone' };
  const local = localCheck(setup, deps.geoOnly);
  if (local) return local;
  let taskId: string;
  try {
    taskId = (await deps.boost(deps.eid)).task_id;
  } catch (err) {
    if (err instanceof ApiError) return reasonOf(err.code, err.data) ?? { kind: 'failed' };
    throw err;
  }
  const until = nowMs() + POLL_FOR_MS;
  await sleep(FIRST_POLL_MS);
  for (;;) {
    const t = await deps.task(taskId);
    const result = t.result as { error_code?: string; data?: unknown } | null;
    if (t.status === 'SUCCESS' && !result?.error_code) return { kind: 'boosted' };
    if (t.status === 'FAILURE' || t.status === 'REVOKED' || t.status === 'RETRY' || result?.error_code) return reasonOf(result?.error_code, result?.data) ?? { kind: 'failed' };
    if (nowMs() + POLL_EVERY_MS > until) return { kind: 'failed' };
    await sleep(POLL_EVERY_MS);
  }
}

// Who may read a task by id (src/server/modules/tasks/visibility.ts, issue 24 §1).
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type PermissionName } from '../../../src/lib/constants';
import { SHARED_TASK_KINDS, mayReadTask } from '../../../src/server/modules/tasks/visibility';
import { BOOST_TASK } from '../../../src/server/modules/setup-process/boost-task-kind';
import { HISTORY_IMPORT_TASK, HISTORY_PREVIEW_TASK } from '../../../src/lib/contracts/history-import';
import { CAMPAIGN_STATUS_TASK } from '../../../src/server/modules/campaign-delivery/status';
import { BUDGET_RUNTIME_TASK } from '../../../src/server/modules/campaign-delivery/runtime-budget';
import { ITC_TASK } from '../../../src/server/modules/taste-clusters/tasks';
import { FORECAST_RECOMPUTE } from '../../../src/server/modules/forecast/tasks';

const reader = (userId: string, ...granted: PermissionName[]) => ({
  userId,
  permissions: Object.fromEntries(PERMISSIONS.map((p) => [p, granted.includes(p)])) as Record<PermissionName, boolean>,
});
const everything = (userId: string) => reader(userId, ...PERMISSIONS);

describe('mayReadTask', () => {
  it('lets the starter read their task whatever its kind', () => {
    for (const kind of ['nlq.question', HISTORY_IMPORT_TASK, BOOST_TASK, 'anything.else']) expect(mayReadTask({ kind, userId: 'u1' }, reader('u1'))).toBe(true);
  });

  it("never shows another user's question, import, preview or Meta exchange, whatever their permissions", () => {
    for (const kind of ['nlq.question', HISTORY_IMPORT_TASK, HISTORY_PREVIEW_TASK, 'meta-connect.exchange', 'notifications.mail'])
      expect(mayReadTask({ kind, userId: 'u1' }, everything('u2')), kind).toBe(false);
  });

  it('shares a boost with colleagues who have wave, and not with those without', () => {
    expect(mayReadTask({ kind: BOOST_TASK, userId: 'u1' }, reader('u2', 'wave'))).toBe(true);
    expect(mayReadTask({ kind: BOOST_TASK, userId: 'u1' }, reader('u2', 'lookout', 'sales', 'settings', 'sentinel'))).toBe(false);
  });

  it('a system task (no starter) is readable only where its kind is shared', () => {
    expect(mayReadTask({ kind: 'forecast.recompute', userId: null }, reader('u2', 'sales'))).toBe(true);
    expect(mayReadTask({ kind: 'forecast.recompute', userId: null }, reader('u2', 'dashboard'))).toBe(false);
    expect(mayReadTask({ kind: 'campaigns.deliver', userId: null }, everything('u2'))).toBe(false);
  });

  it('spells every shared kind as its module does', () => {
    expect(Object.keys(SHARED_TASK_KINDS).sort()).toEqual([BOOST_TASK, CAMPAIGN_STATUS_TASK, BUDGET_RUNTIME_TASK, ITC_TASK, FORECAST_RECOMPUTE].sort());
  });
});

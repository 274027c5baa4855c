// After a CRM export was accepted (spec 3 §8: the 'progress' toast names the service), its task is
// followed in the background and the outcome told in a second toast: how many contacts are in the
// list, how many the CRM refused, or why it failed. Not tied to the dialog, which is closed by then.
import type { CrmExportResult } from '../../lib/contracts/integrations';
import { getExportTask } from '../../lib/api/integrations';
import type { TinyT } from '../../lib/i18n/tiny';
import { pushToast } from '../../stores/toasts';
import { crmErrorText, taskFailureError } from './messages';

const POLL_MS = 2000;
const GIVE_UP_MS = 15 * 60 * 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function followExport(taskId: string, service: { type: string; name: string }, t: TinyT): Promise<void> {
  const until = Date.now() + GIVE_UP_MS;
  let misses = 0;
  while (Date.now() < until) {
    await sleep(POLL_MS);
    let task;
    try {
      task = await getExportTask(taskId);
      misses = 0;
    } catch {
      if (++misses >= 5) return;
      continue;
    }
    if (!task.ready) continue;
    if (task.status === 'SUCCESS') {
      const r = task.result as CrmExportResult;
      pushToast({
        title: t('crm.export.done', { service: service.name }),
        description: r.rejected ? t('crm.export.doneRejected', { sent: r.sent, rejected: r.rejected, name: r.container_name, service: service.name }) : t('crm.export.doneText', { sent: r.sent, name: r.container_name }),
        variant: 'success',
      });
    } else {
      pushToast({ title: t('crm.export.failed', { service: service.name }), description: crmErrorText(t, taskFailureError(task.result), service.type), variant: 'error' });
    }
    return;
  }
}

// spec 2 §4 "Campaign status" (issue 22): the state behind the status and optimisation switches of
// the campaigns-side event header — the event's campaign state, its latest status task (polled
// while it runs), and the change itself. When a task finishes, `onChanged` lets the screen read the
// event, the budget panel and the statistics again.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EventItem } from '../../lib/contracts/events';
import { getStatusTask, putCampaignStatus, putOptimisationStatus } from '../../lib/api/campaign-results';
import { ApiError } from '../../lib/api/client';
import {
  STATUS_TASK_POLL_MS,
  marketingState,
  optimisationOn,
  optimisationVisible,
  statusLabel,
  statusTaskState,
  statusToggleEnabled,
  type DeliveryStatus,
  type StatusTaskState,
} from '../../lib/campaigns/campaign-status-rules';
import { useTranslation } from '../../lib/i18n/react';
import { pushToast } from '../../stores/toasts';

export interface CampaignStatusView {
  /** False when the event has no published campaign: the menu shows no switch. */
  shown: boolean;
  label: ReturnType<typeof statusLabel>;
  active: boolean;
  enabled: boolean;
  /** Why the switch is disabled (a hint), if it is. */
  disabledHint: string | undefined;
  optimisationShown: boolean;
  optimisationOn: boolean;
  busy: boolean;
  setStatus: (status: DeliveryStatus) => Promise<boolean>;
  setOptimisation: (status: DeliveryStatus) => Promise<boolean>;
}

export function useCampaignStatus(event: EventItem, onChanged: () => void): CampaignStatusView {
  const { t } = useTranslation();
  const [task, setTask] = useState<{ state: StatusTaskState; change: 'status' | 'optimisation' | null; value: DeliveryStatus | null }>({ state: 'not_found', change: null, value: null });
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const previous = useRef<StatusTaskState | null>(null);
  const shown = event.has_campaign && event.client_campaign_status !== null;

  useEffect(() => {
    if (!shown) return;
    const controller = new AbortController();
    getStatusTask(event.id, controller.signal).then(
      (found) => setTask({ state: statusTaskState(found.status), change: found.change, value: found.value }),
      (err: unknown) => {
        if (controller.signal.aborted || (err instanceof ApiError && err.cancelled)) return;
        // spec 2 §4: a 404 from the lookup means not_found; other failures are logged only (spec 2 §8).
        if (err instanceof ApiError && err.status === 404) setTask({ state: 'not_found', change: null, value: null });
        else console.warn('campaign status task lookup failed', err);
      },
    );
    return () => controller.abort();
  }, [event.id, shown, attempt]);

  // Poll while the task runs; tell the screen once it is done.
  useEffect(() => {
    const before = previous.current;
    previous.current = task.state;
    if (task.state === 'running') {
      const timer = setTimeout(() => setAttempt((n) => n + 1), STATUS_TASK_POLL_MS);
      return () => clearTimeout(timer);
    }
    if (before !== 'running') return;
    if (task.state === 'success') {
      const key = task.change === 'optimisation' ? (task.value === 'ACTIVE' ? 'optimisationOn' : 'optimisationOff') : task.value === 'ACTIVE' ? 'resumed' : 'paused';
      pushToast({ title: t(`campaigns.status.done.${key}`), variant: 'success' });
      onChanged();
    } else if (task.state === 'failed') {
      pushToast({ title: t('campaigns.status.failed'), variant: 'error' });
      onChanged();
    }
  }, [task, attempt, onChanged, t]);

  const request = useCallback(
    async (change: 'status' | 'optimisation', value: DeliveryStatus) => {
      setBusy(true);
      try {
        await (change === 'status' ? putCampaignStatus : putOptimisationStatus)(event.id, value);
        setTask({ state: 'running', change, value });
        return true;
      } catch (err) {
        const description = err instanceof ApiError ? t(err.i18nKey, { defaultValue: t('common.errors.inServerResponse') }) : t('common.errors.inServerResponse');
        pushToast({ title: t('campaigns.status.failed'), description, variant: 'error' });
        setAttempt((n) => n + 1);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [event.id, t],
  );

  const state = marketingState(event.client_campaign_status, event.campaign_stop_time, new Date());
  const enabled = shown && statusToggleEnabled(state, task.state) && !busy;
  return {
    shown: shown && state !== null,
    label: statusLabel(state, task.state),
    active: state === 'active',
    enabled,
    disabledHint: enabled ? undefined : task.state === 'running' || busy ? t('campaigns.status.waiting') : t('campaigns.status.ended'),
    optimisationShown: shown && optimisationVisible(state, task.state) && !busy,
    optimisationOn: optimisationOn(event.campaign_optimisation_status),
    busy,
    setStatus: (value) => request('status', value),
    setOptimisation: (value) => request('optimisation', value),
  };
}

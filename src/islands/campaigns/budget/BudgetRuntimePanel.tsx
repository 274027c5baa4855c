// spec 2 §2 "Budget/runtime panel", §4 "Budget/runtime task", §5 "Budget edit (running
// campaign)", §8 (issue 22): a published campaign's runtime and budget, read-only until Edit;
// Save asks the server for the new daily budget and shows it for confirmation; Confirm queues the
// change and the panel waits for the task (polled every 180 s, or on demand). Not yet published:
// polled every 30 s. Without a live Meta connection Edit is replaced by a link to settings #meta.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { RuntimeBudget } from '../../../lib/contracts/runtime-budget';
import { getRuntimeBudget, postRuntimeBudget, previewRuntimeBudget } from '../../../lib/api/campaign-results';
import { ApiError } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n/react';
import { BUDGET_SNAP_MS, NOT_PUBLISHED_POLL_MS, PENDING_TASK_POLL_MS, budgetInput, clampBudget, minimumBudget, saveBlocker } from '../../../lib/campaigns/runtime-budget-rules';
import { pushToast } from '../../../stores/toasts';
import { Button } from '../../ui/Button';
import { DateField } from '../../ui/DateField';
import { Modal } from '../../ui/Modal';
import { formatDayUtc, formatMoney } from '../../events/detail/format';
import { Skeleton } from '../../events/detail/Section';
import campaignStyles from '../Campaigns.module.css';

type Load = { status: 'loading' } | { status: 'not_published' } | { status: 'error' } | { status: 'ready'; data: RuntimeBudget };
type Problem = { kind: 'too_low'; min: number; currency: string } | { kind: 'transient'; message: string } | null;

function useRuntimeBudget(eventId: string): [Load, () => void] {
  const [state, setState] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    getRuntimeBudget(eventId, controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (err: unknown) => {
        if (controller.signal.aborted || (err instanceof ApiError && err.cancelled)) return;
        // spec 2 §8: remote_campaign_not_published is no error: the campaign is still being published.
        setState(err instanceof ApiError && err.code === 'error.campaign.config.remote_campaign_not_published' ? { status: 'not_published' } : { status: 'error' });
      },
    );
    return () => controller.abort();
  }, [eventId, attempt]);
  // spec 2 §4 polling.
  const pending = state.status === 'ready' && state.data.task_details?.status === 'pending';
  useEffect(() => {
    if (state.status !== 'not_published' && !pending) return;
    const timer = setInterval(reload, pending ? PENDING_TASK_POLL_MS : NOT_PUBLISHED_POLL_MS);
    return () => clearInterval(timer);
  }, [state.status, pending, reload]);
  return [state, reload];
}

function Editor({ eventId, data, onDone, onCancel, lng }: { eventId: string; data: RuntimeBudget; onDone: () => void; onCancel: () => void; lng: string }) {
  const { t } = useTranslation();
  const uid = useId();
  const [budgetText, setBudgetText] = useState(String(data.total_budget));
  const [start, setStart] = useState<string | null>(data.start_date);
  const [end, setEnd] = useState<string | null>(data.end_date);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<number | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const snap = useRef<ReturnType<typeof setTimeout>>(undefined);
  const startLocked = data.start_date <= data.today;
  const budget = Number(budgetText);
  const form = { budget, start: start ?? '', end: end ?? '' };
  const stored = { budget: data.total_budget, start: data.start_date, end: data.end_date };
  const min = start && end ? minimumBudget(data, start, end) : data.min_budget;
  const blocker = !start || !end ? 'dates' : saveBlocker(form, stored, data);
  const change = { eid: eventId, budget, start_date: form.start, end_date: form.end };

  useEffect(() => () => clearTimeout(snap.current), []);
  // Edit puts the cursor where the change starts; a closed confirmation gives focus back to Save
  // (Save is busy, so disabled, while the preview loads: the dialog cannot remember it as opener).
  const budgetRef = useRef<HTMLInputElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  useEffect(() => budgetRef.current?.focus(), []);
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirm !== null || problem !== null) wasConfirming.current = true;
    else if (wasConfirming.current) {
      wasConfirming.current = false;
      const timer = setTimeout(() => saveRef.current?.focus(), 0);
      return () => clearTimeout(timer);
    }
  }, [confirm, problem]);
  const onBudget = (text: string) => {
    const cleaned = budgetInput(text);
    setBudgetText(cleaned);
    clearTimeout(snap.current);
    snap.current = setTimeout(() => setBudgetText((v) => String(clampBudget(Number(v), min, data.max_budget))), BUDGET_SNAP_MS);
  };
  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'error.campaign.config.daily_budget.too_low') {
      const d = err.data as { min?: number; currency?: string } | undefined;
      setProblem({ kind: 'too_low', min: d?.min ?? data.min_daily_budget, currency: d?.currency ?? data.currency });
    } else setProblem({ kind: 'transient', message: err instanceof ApiError ? t(err.i18nKey, { ...(err.data as Record<string, unknown> | undefined), defaultValue: t('campaigns.budget.transient') }) : t('campaigns.budget.transient') });
  };
  const save = () => {
    setBusy(true);
    previewRuntimeBudget(change).then(
      ({ new_daily_budget }) => {
        setBusy(false);
        setConfirm(new_daily_budget);
      },
      (err: unknown) => {
        setBusy(false);
        failed(err);
      },
    );
  };
  const commit = () => {
    setBusy(true);
    postRuntimeBudget(change).then(
      () => {
        setBusy(false);
        setConfirm(null);
        pushToast({ title: t('campaigns.budget.queued'), variant: 'success' });
        onDone();
      },
      (err: unknown) => {
        setBusy(false);
        setConfirm(null);
        failed(err);
      },
    );
  };
  const dateTexts = (field: string) => ({
    invalidDate: t('campaigns.setup.runtime.invalidDate'),
    openCalendar: t('campaigns.setup.runtime.openCalendar', { field }),
    format: t('campaigns.setup.runtime.format'),
    loading: t('common.loading'),
  });
  return (
    <div className={campaignStyles.budgetEditor} data-testid="budget-editor">
      <div className={campaignStyles.budgetFields}>
        <div className="field">
          <label htmlFor={`${uid}-budget`}>{t('campaigns.budget.total', { currency: data.currency })}</label>
          <input
            ref={budgetRef}
            id={`${uid}-budget`}
            inputMode="decimal"
            value={budgetText}
            onChange={(e) => onBudget(e.target.value)}
            aria-describedby={`${uid}-budget-hint`}
            aria-invalid={blocker === 'budget' || undefined}
            data-testid="budget-input"
          />
          <p id={`${uid}-budget-hint`} className={campaignStyles.budgetHint}>
            {t('campaigns.budget.bounds', { min: formatMoney(min, data.currency, lng), max: formatMoney(data.max_budget, data.currency, lng), spent: formatMoney(data.spent, data.currency, lng) })}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${uid}-start`}>{t('campaigns.setup.runtime.start')}</label>
          <DateField id={`${uid}-start`} value={start} min={data.today} onChange={setStart} onInvalid="restore" language={lng} texts={dateTexts(t('campaigns.setup.runtime.start'))} disabled={startLocked} describedBy={startLocked ? `${uid}-start-hint` : undefined} />
          {startLocked && (
            <p id={`${uid}-start-hint`} className={campaignStyles.budgetHint}>
              {t('campaigns.budget.startLocked')}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${uid}-end`}>{t('campaigns.setup.runtime.end')}</label>
          <DateField id={`${uid}-end`} value={end} min={start && start > data.today ? start : data.today} onChange={setEnd} onInvalid="restore" language={lng} texts={dateTexts(t('campaigns.setup.runtime.end'))} invalid={blocker === 'dates' || undefined} describedBy={blocker === 'dates' ? `${uid}-blocker` : undefined} />
        </div>
      </div>
      {blocker && blocker !== 'unchanged' && (
        <p className="alert alert--warning" data-testid="budget-blocker" id={`${uid}-blocker`}>
          {t(`campaigns.budget.blocked.${blocker}`, { min: formatMoney(min, data.currency, lng), max: formatMoney(data.max_budget, data.currency, lng) })}
        </p>
      )}
      <div className={campaignStyles.budgetActions}>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('campaigns.budget.cancel')}
        </Button>
        <Button ref={saveRef} onClick={save} disabled={blocker !== null || busy} busy={busy && confirm === null} data-testid="budget-save">
          {t('campaigns.budget.save')}
        </Button>
      </div>
      <Modal open={confirm !== null} onOpenChange={(o) => !o && setConfirm(null)} title={t('campaigns.budget.confirmTitle')} closeLabel={t('common.close')}>
        <div data-testid="budget-confirm">
          <p>
            {t('campaigns.budget.confirmText', {
              budget: formatMoney(budget, data.currency, lng),
              start: start ? formatDayUtc(start) : '',
              end: end ? formatDayUtc(end) : '',
            })}
          </p>
          <p className={campaignStyles.budgetDaily} data-testid="budget-daily">
            {t('campaigns.budget.daily', { daily: new Intl.NumberFormat(lng, { style: 'currency', currency: data.currency }).format(confirm ?? 0) })}
          </p>
          <div className={campaignStyles.budgetActions}>
            <Button variant="secondary" onClick={() => setConfirm(null)} disabled={busy}>
              {t('campaigns.budget.back')}
            </Button>
            <Button onClick={commit} busy={busy} data-testid="budget-confirm-button">
              {t('campaigns.budget.confirm')}
            </Button>
          </div>
        </div>
      </Modal>
      <Modal open={problem !== null} onOpenChange={(o) => !o && setProblem(null)} title={t(problem?.kind === 'too_low' ? 'campaigns.budget.tooLowTitle' : 'campaigns.budget.transientTitle')} closeLabel={t('common.close')}>
        <div data-testid="budget-problem">
          <p>{problem?.kind === 'too_low' ? t('campaigns.budget.tooLow', { min: formatMoney(problem.min, problem.currency, lng) }) : problem?.message}</p>
          <div className={campaignStyles.budgetActions}>
            <Button variant="secondary" onClick={() => setProblem(null)}>
              {t('common.close')}
            </Button>
            {problem?.kind === 'transient' && (
              <Button
                onClick={() => {
                  setProblem(null);
                  save();
                }}
              >
                {t('common.retry')}
              </Button>
            )}
          </div>
        </div>
      </Modal>
    </div>
  );
}

export function BudgetRuntimePanel({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [state, reload] = useRuntimeBudget(eventId);
  const [editing, setEditing] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  let body;
  if (state.status === 'loading')
    // The figures' labels and the button's place while they load: what follows keeps its place.
    body = (
      <>
        <dl className={campaignStyles.budgetValues} aria-hidden="true">
          {(['runtime', 'budget', 'spent'] as const).map((key) => (
            <div key={key}>
              <dt>{t(`campaigns.budget.${key}`)}</dt>
              <dd>
                <Skeleton lines={1} />
              </dd>
            </div>
          ))}
        </dl>
        <div className={campaignStyles.budgetActions} aria-hidden="true">
          <span className={campaignStyles.buttonPlaceholder} />
        </div>
      </>
    );
  else if (state.status === 'not_published') body = <p className={campaignStyles.budgetMuted}>{t('campaigns.budget.notPublished')}</p>;
  else if (state.status === 'error')
    body = (
      <div className="alert alert--error" role="alert">
        <p>{t('campaigns.budget.loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={reload}>
          {t('campaigns.budget.reload')}
        </Button>
      </div>
    );
  else {
    const d = state.data;
    const task = d.task_details;
    const ended = d.end_date < d.today;
    body = (
      <>
        {!editing && (
          <dl className={campaignStyles.budgetValues} data-testid="budget-values">
            <div>
              <dt>{t('campaigns.budget.runtime')}</dt>
              <dd data-value="runtime">{`${formatDayUtc(d.start_date)} – ${formatDayUtc(d.end_date)}`}</dd>
            </div>
            <div>
              <dt>{t('campaigns.budget.budget')}</dt>
              <dd data-value="budget">{formatMoney(d.total_budget, d.currency, lng)}</dd>
            </div>
            <div>
              <dt>{t('campaigns.budget.spent')}</dt>
              <dd data-value="spent">{formatMoney(d.spent, d.currency, lng)}</dd>
            </div>
          </dl>
        )}
        {d.state !== 'active' && (
          <p className={campaignStyles.budgetMuted} data-testid="budget-state">
            {d.state === 'ended' ? t('campaigns.budget.stateEnded', { day: formatDayUtc(d.end_date) }) : t('campaigns.budget.statePaused')}
          </p>
        )}
        {task?.status === 'pending' && (
          <p className={campaignStyles.budgetPending} role="status" data-testid="budget-pending">
            {t('campaigns.budget.pending', { budget: formatMoney(task.args.budget, d.currency, lng), end: formatDayUtc(task.args.end_date) })}{' '}
            <Button variant="ghost" size="sm" onClick={reload}>
              {t('campaigns.budget.refresh')}
            </Button>
          </p>
        )}
        {task?.status === 'failure' && (
          <p className="alert alert--error" role="alert" data-testid="budget-failed">
            {t('campaigns.budget.taskFailed')}
          </p>
        )}
        {d.has_permission_error ? (
          <p className="alert alert--warning" data-testid="budget-permission">
            {t('campaigns.budget.permission')} <a href="/settings#meta">{t('campaigns.budget.openSettings')}</a>
          </p>
        ) : editing ? (
          <Editor
            eventId={eventId}
            data={d}
            lng={lng}
            onCancel={() => setEditing(false)}
            onDone={() => {
              setEditing(false);
              reload();
              // The editor is gone: focus and the view stay on the panel, where the change shows.
              titleRef.current?.focus();
              titleRef.current?.scrollIntoView({ block: 'nearest' });
            }}
          />
        ) : (
          <div className={campaignStyles.budgetActions}>
            <Button variant="secondary" onClick={() => setEditing(true)} disabled={ended || task?.status === 'pending'} disabledHint={ended ? t('campaigns.budget.ended') : task?.status === 'pending' ? t('campaigns.budget.waiting') : undefined} data-testid="budget-edit">
              {t('campaigns.budget.edit')}
            </Button>
          </div>
        )}
      </>
    );
  }
  return (
    <section className={campaignStyles.budgetPanel} aria-labelledby="budget-runtime-title" data-testid="budget-runtime">
      <h3 id="budget-runtime-title" className={campaignStyles.budgetTitle} ref={titleRef} tabIndex={-1}>
        {t('campaigns.budget.title')}
      </h3>
      {body}
    </section>
  );
}

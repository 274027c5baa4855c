// Settings › #system › Import ticketing history (issue 12): the partner's events.csv and
// transactions.csv go up through the multipart protocol (with progress), then the history.preview
// task checks them and works out what the import would change without writing anything (issue 20
// §4): the counts and the upcoming forecasts that would move. Only "Import" writes (the
// history.import task with the same uploads); "Cancel" leaves everything as it was. Each task's
// progress is polled until it ends; refused files show their problems (file, line, column).
import { useEffect, useRef, useState } from 'react';
import type {
  HistoryFile,
  HistoryImportOutcome,
  HistoryImportProgress,
  HistoryPreviewOutcome,
  HistoryProblem,
} from '../../lib/contracts/history-import';
import type { TaskResponse } from '../../lib/contracts/tasks';
import { ApiError } from '../../lib/api/client';
import { confirmHistoryPreview, getTask, startHistoryPreview } from '../../lib/api/historyImport';
import { formatPercent } from '../events/detail/format';
import { formatDisplayDate } from '../events/list/dates';
import { useTranslation } from '../../lib/i18n/react';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { contentTypeOf, uploadFile } from '../uploads/multipartUpload';
import styles from './Settings.module.css';
import h from './HistoryImport.module.css';

const FILES: readonly HistoryFile[] = ['events', 'transactions'];
const ACCEPT = '.csv,.gz,text/csv,application/gzip';
const POLL_MS = 1000;
/**
 * Polls that may fail in a row before the card gives up. On the embedded database the import's
 * write holds the server's only database connection for up to a minute, so a poll can time out
 * while the import is doing fine.
 */
const POLL_TRIES = 10;
/** A poll slower than this while the files were being checked means the write has begun. */
const SLOW_POLL_MS = 2500;

type Chosen = Partial<Record<HistoryFile, File>>;
type Preview = Extract<HistoryPreviewOutcome, { outcome: 'preview' }>;
type Stage =
  | { step: 'choose'; cancelled?: boolean }
  | { step: 'uploading'; fraction: Record<HistoryFile, number> }
  | { step: 'checking'; progress: HistoryImportProgress | null }
  | { step: 'preview'; preview: Preview; previewId: string }
  | { step: 'importing'; progress: HistoryImportProgress | null }
  | { step: 'imported'; outcome: Extract<HistoryImportOutcome, { outcome: 'imported' }> }
  | { step: 'refused'; outcome: Extract<HistoryImportOutcome, { outcome: 'refused' }>; names: Record<HistoryFile, string> }
  | { step: 'failed'; message: string };

/**
 * The type to declare for the upload. The server checks the bytes against it, and the import
 * reads gzip by its bytes too, so a gzipped file goes up as gzip whatever its name says.
 */
async function declaredType(file: File): Promise<string> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  if (head[0] === 0x1f && head[1] === 0x8b) return 'application/gzip';
  const byName = contentTypeOf(file);
  return byName === 'application/gzip' || byName === 'text/plain' ? byName : 'text/csv';
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(new ApiError(null, 'cancelled', 'cancelled', true))), { once: true });
  });

export function HistoryImportSection() {
  const { t, i18n } = useTranslation();
  const [chosen, setChosen] = useState<Chosen>({});
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const inputs = useRef<Partial<Record<HistoryFile, HTMLInputElement | null>>>({});
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const number = (n: number) => n.toLocaleString(i18n.language === 'de' ? 'de-DE' : 'en-GB');

  const errorText = (err: unknown) => {
    const key = err instanceof ApiError ? err.i18nKey : 'common.errors.inServerResponse';
    return t(key) === key ? t('common.errors.inServerResponse') : t(key);
  };

  /**
   * Polls a task until it is ready; PROGRESS results go to `onProgress`. On the embedded database
   * a write holds the server's only connection, so a poll that hangs after the check means the
   * write is under way.
   */
  const follow = async (taskId: string, signal: AbortSignal, onProgress: (p: HistoryImportProgress) => void): Promise<TaskResponse> => {
    let shown: HistoryImportProgress | null = null;
    for (let failures = 0; ; ) {
      let task;
      const slow = setTimeout(() => {
        if (!shown || shown.phase === 'validating') onProgress({ phase: 'writing', fraction: null, rows: 0 });
      }, SLOW_POLL_MS);
      try {
        task = await getTask(taskId, signal);
        failures = 0;
      } catch (err) {
        const transient = err instanceof ApiError && !err.cancelled && (err.status === null || err.status >= 500);
        if (!transient || ++failures >= POLL_TRIES) throw err;
        await wait(POLL_MS, signal);
        continue;
      } finally {
        clearTimeout(slow);
      }
      if (task.ready) return task;
      if (task.status === 'PROGRESS') {
        shown = task.result as HistoryImportProgress;
        onProgress(shown);
      }
      await wait(POLL_MS, signal);
    }
  };

  /** A task that ended without a result of its own: its error code's text, or the generic one. */
  const failedStage = (task: TaskResponse): Stage => {
    const failure = task.result as { error_code?: string } | null;
    const key = failure?.error_code ? `common.serverErrors.${failure.error_code}` : '';
    return { step: 'failed', message: key && t(key) !== key ? t(key) : t('settings.system.historyImport.failed') };
  };

  const check = async () => {
    const files = chosen as Record<HistoryFile, File>;
    const controller = new AbortController();
    abort.current = controller;
    const fraction = { events: 0, transactions: 0 };
    setStage({ step: 'uploading', fraction: { ...fraction } });
    try {
      const refs = {} as Record<HistoryFile, { upload_id: string; object_key: string }>;
      for (const file of FILES) {
        let uploadId = '';
        const done = await uploadFile(files[file], await declaredType(files[file]), {
          category: 'ticketing',
          signal: controller.signal,
          onSession: (s) => void (uploadId = s.upload_id),
          onProgress: (f) => {
            fraction[file] = f;
            setStage({ step: 'uploading', fraction: { ...fraction } });
          },
        });
        refs[file] = { upload_id: uploadId, object_key: done.object_key };
      }
      const { task_id } = await startHistoryPreview(refs);
      setStage({ step: 'checking', progress: null });
      // A preview never writes, so no phase of it is 'writing' however slow a poll is.
      const task = await follow(task_id, controller.signal, (p) => p.phase !== 'writing' && setStage({ step: 'checking', progress: p }));
      if (task.status !== 'SUCCESS') return setStage(failedStage(task));
      const outcome = task.result as HistoryPreviewOutcome;
      setStage(
        outcome.outcome === 'preview'
          ? { step: 'preview', preview: outcome, previewId: task_id }
          : { step: 'refused', outcome, names: { events: files.events.name, transactions: files.transactions.name } },
      );
    } catch (err) {
      if (err instanceof ApiError && err.cancelled) return;
      setStage({ step: 'failed', message: errorText(err) });
    }
  };

  const confirm = async (previewId: string) => {
    const controller = new AbortController();
    abort.current = controller;
    setStage({ step: 'importing', progress: null });
    try {
      const { task_id } = await confirmHistoryPreview(previewId);
      const task = await follow(task_id, controller.signal, (p) => setStage({ step: 'importing', progress: p }));
      if (task.status !== 'SUCCESS') return setStage(failedStage(task));
      const outcome = task.result as HistoryImportOutcome;
      const files = chosen as Record<HistoryFile, File>;
      setStage(
        outcome.outcome === 'imported'
          ? { step: 'imported', outcome }
          : { step: 'refused', outcome, names: { events: files.events?.name ?? 'events.csv', transactions: files.transactions?.name ?? 'transactions.csv' } },
      );
    } catch (err) {
      if (err instanceof ApiError && err.cancelled) return;
      setStage({ step: 'failed', message: errorText(err) });
    }
  };

  /** Nothing was written: back to the chosen files, saying so. */
  const cancel = () => setStage({ step: 'choose', cancelled: true });

  const reset = () => {
    setChosen({});
    setStage({ step: 'choose' });
  };

  const busy = stage.step === 'uploading' || stage.step === 'checking' || stage.step === 'importing';
  const choosing = stage.step === 'choose' || stage.step === 'failed' || stage.step === 'uploading' || stage.step === 'checking';
  const ready = FILES.every((f) => chosen[f]);

  return (
    <section className={styles.card} aria-labelledby="history-import-heading" data-testid="history-import">
      <div className={styles.cardHead}>
        <h2 id="history-import-heading" className={styles.cardTitle}>
          {t('settings.system.historyImport.heading')}
        </h2>
        <p className={styles.cardIntro}>{t('settings.system.historyImport.intro')}</p>
      </div>
      <details className={h.format}>
        <summary>{t('settings.system.historyImport.format')}</summary>
        <dl>
          <dt>events.csv</dt>
          <dd>
            <code>event_id,title,category,venue,hall,city,capacity,start</code> {t('settings.system.historyImport.optional', { columns: 'status' })}
          </dd>
          <dt>transactions.csv</dt>
          <dd>
            <code>event_id,sold_at,quantity,amount</code> {t('settings.system.historyImport.optional', { columns: 'ticket_type, price_category' })}
          </dd>
        </dl>
        <p className={styles.hint}>{t('settings.system.historyImport.formatHint')}</p>
      </details>

      {choosing && (
        <div className={h.files}>
          {FILES.map((file) => (
            <div key={file} className={h.fileRow}>
              <span className={styles.label} id={`history-${file}-label`}>
                {t(`settings.system.historyImport.files.${file}`)}
              </span>
              <span className={h.fileName} id={`history-${file}-name`} data-testid={`history-${file}-name`}>
                {chosen[file]?.name ?? t('settings.system.historyImport.noFile')}
              </span>
              <input
                ref={(el) => void (inputs.current[file] = el)}
                type="file"
                accept={ACCEPT}
                hidden
                data-testid={`history-${file}-input`}
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  if (f) setChosen((c) => ({ ...c, [file]: f }));
                  e.target.value = '';
                }}
              />
              <Button
                variant="secondary"
                size="sm"
                iconName="upload"
                disabled={busy}
                aria-describedby={`history-${file}-label history-${file}-name`}
                onClick={() => inputs.current[file]?.click()}
              >
                {chosen[file] ? t('settings.system.historyImport.change') : t('settings.system.historyImport.choose')}
              </Button>
              {stage.step === 'uploading' && (
                <progress className={h.bar} max={1} value={stage.fraction[file]} aria-label={t('settings.system.historyImport.uploading', { name: chosen[file]?.name ?? '' })} />
              )}
            </div>
          ))}
        </div>
      )}

      {(stage.step === 'checking' || stage.step === 'importing') && <ImportProgress progress={stage.progress} number={number} />}

      {stage.step === 'choose' && stage.cancelled && (
        <p className={styles.hint} role="status" data-testid="history-import-cancelled">
          {t('settings.system.historyImport.preview.cancelled')}
        </p>
      )}

      {stage.step === 'preview' && (
        <PreviewPanel preview={stage.preview} number={number} onConfirm={() => void confirm(stage.previewId)} onCancel={cancel} />
      )}

      {stage.step === 'failed' && (
        <p className="alert alert--error" role="alert">
          {stage.message}
        </p>
      )}

      {choosing && (
        <div className={styles.formActions}>
          <Button onClick={() => void check()} disabled={!ready} busy={busy} data-testid="history-import-start">
            {t('settings.system.historyImport.check')}
          </Button>
        </div>
      )}

      {stage.step === 'imported' && (
        <div className={h.result} role="status" data-testid="history-import-done">
          <p className={h.resultTitle} tabIndex={-1} ref={focusOnMount}>
            <Icon name="check" size={18} /> {t('settings.system.historyImport.done')}
          </p>
          <ul className={h.counts}>
            <li>{t('settings.system.historyImport.counts.created', { count: stage.outcome.events_created, n: number(stage.outcome.events_created) })}</li>
            <li>{t('settings.system.historyImport.counts.updated', { count: stage.outcome.events_updated, n: number(stage.outcome.events_updated) })}</li>
            <li>{t('settings.system.historyImport.counts.transactions', { count: stage.outcome.transactions, n: number(stage.outcome.transactions) })}</li>
            {stage.outcome.transactions_replaced > 0 && (
              <li>{t('settings.system.historyImport.counts.replaced', { count: stage.outcome.transactions_replaced, n: number(stage.outcome.transactions_replaced) })}</li>
            )}
            <li>{t('settings.system.historyImport.counts.forecasts', { count: stage.outcome.forecasts, n: number(stage.outcome.forecasts) })}</li>
            <li>
              {t('settings.system.historyImport.counts.moved', { count: stage.outcome.forecasts_moved, n: number(stage.outcome.forecasts_moved), points: stage.outcome.moved_points })}
            </li>
            <li>{t('settings.system.historyImport.counts.below', { count: stage.outcome.events_below, n: number(stage.outcome.events_below) })}</li>
          </ul>
          <div className={styles.formActions}>
            <Button variant="secondary" onClick={reset}>
              {t('settings.system.historyImport.again')}
            </Button>
          </div>
        </div>
      )}

      {stage.step === 'refused' && <ProblemList outcome={stage.outcome} names={stage.names} number={number} onAgain={reset} />}
    </section>
  );
}

/** Moves focus to a panel's heading when it appears, so keyboard and screen reader users land there. */
const focusOnMount = (el: HTMLElement | null) => el?.focus({ preventScroll: false });

/**
 * What the import would change (issue 20 §4), before anything is written: the counts, how many
 * events would fall below benchmark, and the upcoming forecasts that would move by more than the
 * server's threshold, each from its stored value to the new one. "Import" writes; "Cancel" does not.
 */
function PreviewPanel({ preview, number, onConfirm, onCancel }: { preview: Preview; number: (n: number) => string; onConfirm: () => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const pct = (v: number) => formatPercent(v, i18n.language);
  const points = preview.moved_points;
  const more = preview.moves_count - preview.moves.length;
  return (
    <div className={h.preview} role="region" aria-labelledby="history-preview-title" data-testid="history-import-preview">
      <h3 id="history-preview-title" className={h.previewTitle} tabIndex={-1} ref={focusOnMount}>
        {t('settings.system.historyImport.preview.title')}
      </h3>
      <p className={styles.hint}>{t('settings.system.historyImport.preview.nothingYet')}</p>
      <ul className={h.counts} data-testid="history-preview-counts">
        <li>{t('settings.system.historyImport.counts.wouldCreate', { count: preview.events_created, n: number(preview.events_created) })}</li>
        <li>{t('settings.system.historyImport.counts.wouldUpdate', { count: preview.events_updated, n: number(preview.events_updated) })}</li>
        <li>{t('settings.system.historyImport.counts.wouldTransactions', { count: preview.transactions, n: number(preview.transactions) })}</li>
        {preview.transactions_replaced > 0 && (
          <li>{t('settings.system.historyImport.counts.wouldReplace', { count: preview.transactions_replaced, n: number(preview.transactions_replaced) })}</li>
        )}
        <li>{t('settings.system.historyImport.preview.below', { count: preview.events_below, n: number(preview.events_below) })}</li>
      </ul>
      <h4 className={h.movesTitle} id="history-preview-moves">
        {t('settings.system.historyImport.preview.movesTitle', { points })}
      </h4>
      {preview.moves.length === 0 ? (
        <p className={styles.hint} data-testid="history-preview-no-moves">
          {t('settings.system.historyImport.preview.noMoves', { points })}
        </p>
      ) : (
        <div className={h.tableWrap} role="region" aria-labelledby="history-preview-moves" tabIndex={0}>
          <table className={h.moves}>
            <thead>
              <tr>
                <th scope="col">{t('settings.system.historyImport.preview.event')}</th>
                <th scope="col">{t('settings.system.historyImport.preview.before')}</th>
                <th scope="col">{t('settings.system.historyImport.preview.after')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.moves.map((m) => (
                <tr key={m.event_id} data-testid="history-preview-move">
                  <td>
                    <span className={h.moveTitle}>{m.title}</span> <span className={h.moveDate}>{formatDisplayDate(m.start.slice(0, 10))}</span>
                  </td>
                  <td>{pct(m.before)}</td>
                  <td>{pct(m.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {more > 0 && <p className={styles.hint}>{t('settings.system.historyImport.preview.moreMoves', { count: more, n: number(more) })}</p>}
      <div className={styles.formActions}>
        <Button onClick={onConfirm} data-testid="history-import-confirm">
          {t('settings.system.historyImport.preview.confirm')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('settings.system.historyImport.preview.cancel')}
        </Button>
      </div>
    </div>
  );
}

function ImportProgress({ progress, number }: { progress: HistoryImportProgress | null; number: (n: number) => string }) {
  const { t } = useTranslation();
  const phase = progress?.phase ?? 'queued';
  return (
    <div className={h.progress} role="status" data-testid="history-import-progress">
      <span>
        {t(`settings.system.historyImport.phases.${phase}`)}
        {progress?.phase === 'writing' && progress.rows > 0 && ` · ${t('settings.system.historyImport.rows', { n: number(progress.rows) })}`}
      </span>
      {/* Without a value the bar is indeterminate: the phase does not know how far it is. */}
      <progress className={h.bar} max={1} value={progress?.fraction ?? undefined} aria-label={t(`settings.system.historyImport.phases.${phase}`)} />
    </div>
  );
}

function ProblemList({
  outcome,
  names,
  number,
  onAgain,
}: {
  outcome: Extract<HistoryImportOutcome, { outcome: 'refused' }>;
  names: Record<HistoryFile, string>;
  number: (n: number) => string;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const text = (p: HistoryProblem) => {
    const key = `settings.system.historyImport.problems.${p.code}`;
    return t(key) === key ? p.message : t(key);
  };
  return (
    <div className={h.refused} data-testid="history-import-refused">
      <p className="alert alert--error" role="alert">
        {t('settings.system.historyImport.refused', { count: outcome.problem_count, n: number(outcome.problem_count) })}
        {outcome.problem_count > outcome.problems.length && ` ${t('settings.system.historyImport.truncated', { shown: outcome.problems.length })}`}
      </p>
      {/* Focusable so a long list scrolls by keyboard. */}
      <div className={h.tableWrap} role="region" aria-label={t('settings.system.historyImport.problemsCaption')} tabIndex={0}>
        <table className={h.table}>
          <thead>
            <tr>
              <th scope="col">{t('settings.system.historyImport.columns.file')}</th>
              <th scope="col">{t('settings.system.historyImport.columns.line')}</th>
              <th scope="col">{t('settings.system.historyImport.columns.column')}</th>
              <th scope="col">{t('settings.system.historyImport.columns.problem')}</th>
            </tr>
          </thead>
          <tbody>
            {outcome.problems.map((p, i) => (
              <tr key={i} data-testid="history-problem">
                <td data-label={t('settings.system.historyImport.columns.file')}>{names[p.file]}</td>
                <td data-label={t('settings.system.historyImport.columns.line')}>{p.line}</td>
                <td data-label={t('settings.system.historyImport.columns.column')}>{p.column ? <code>{p.column}</code> : '—'}</td>
                <td data-label={t('settings.system.historyImport.columns.problem')}>
                  {text(p)}
                  {p.value !== undefined && (
                    <>
                      {' '}
                      <q className={h.value}>{p.value}</q>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onAgain}>
          {t('settings.system.historyImport.chooseOther')}
        </Button>
      </div>
    </div>
  );
}

// spec 3 §4 Sentinel task flow: the question creates a task (PENDING), looked at after 200 ms
// (issue 21 §4), then polled every 3 s until ready; SUCCESS loads the rows 50 ids a page; any other status is an error. After 45 s the run is
// overdue (the stop button is disabled). An answer older than 48 h is asked again. Cancelling
// aborts every request of the run and shows the abort tip. One AbortController per run, so a
// superseded run can never overwrite a newer one.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AskResponse, DataFromIdsResponse, NlqAnswer } from '../../lib/contracts/nlq';
import { ERROR_CODES, PAGE } from './model/constants';
import { ApiError } from '../../lib/api/client';
import { askAgain, cancelQuestion, dataFromIds, getTask, type AskError } from '../../lib/api/nlq';
import { sentinelErrorKey, type SentinelFailure } from './model/errors';
import { pageIds } from './model/pagination';
import { isExpired } from './model/summary';
import type { ResultRow } from './model/columns';

export type Phase = 'idle' | 'asking' | 'done' | 'error' | 'aborted';

export interface SentinelError {
  key: string;
  understood?: string[];
  /** What could not be read, as typed (unknown words, an impossible date, a number out of range). */
  problems?: string[];
  /** "Ask this instead": the closest answerable question and the words it leaves out. */
  suggestion?: { question: string; unplaced: string[] };
}

export interface QuestionState {
  phase: Phase;
  overdue: boolean;
  taskId: string | null;
  answer: NlqAnswer | null;
  page: number;
  rows: ResultRow[];
  aggregations: DataFromIdsResponse['aggregations'];
  /** The partner's currency, for money in the aggregates bar. */
  currency: string | undefined;
  loadingPage: boolean;
  error: SentinelError | null;
}

const INITIAL: QuestionState = {
  phase: 'idle',
  overdue: false,
  taskId: null,
  answer: null,
  page: 1,
  rows: [],
  aggregations: {},
  currency: undefined,
  loadingPage: false,
  error: null,
};

class TaskFailed extends Error {}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

function failureOf(err: unknown, stage: SentinelFailure['stage']): SentinelError {
  if (err instanceof TaskFailed) return { key: sentinelErrorKey({ stage: 'task', status: null, code: '' }) };
  if (err instanceof ApiError) {
    const key = sentinelErrorKey({
      stage,
      status: err.status,
      code: err.code,
      cancelled: err.cancelled,
    });
    const { understood, problems, suggestion, unplaced } = err as AskError;
    const out: SentinelError = { key };
    if (understood) out.understood = understood;
    if (problems) out.problems = problems;
    if (suggestion) out.suggestion = { question: suggestion, unplaced: unplaced ?? [] };
    return out;
  }
  if (err instanceof DOMException && err.name === 'AbortError') return { key: 'sentinel.errors.abortTip' };
  return { key: 'common.errors.inServerResponse' };
}

const isAbort = (err: unknown) => (err instanceof ApiError && err.cancelled) || (err instanceof DOMException && err.name === 'AbortError');

/** Writes the running task into the URL (?task_id=), so a reload or a shared link loads it. */
function rememberTask(taskId: string | null) {
  const params = new URLSearchParams(location.search);
  if (taskId) params.set('task_id', taskId);
  else params.delete('task_id');
  const search = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}`);
}

export function useSentinelQuestion(opts: { onAnswer?: (answer: NlqAnswer) => void } = {}) {
  const [state, setState] = useState<QuestionState>(INITIAL);
  const run = useRef<AbortController | null>(null);
  const pageRun = useRef<AbortController | null>(null);
  const overdueTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const taskRef = useRef<string | null>(null);
  const onAnswer = useRef(opts.onAnswer);
  onAnswer.current = opts.onAnswer;

  const stopTimers = () => {
    if (overdueTimer.current) clearTimeout(overdueTimer.current);
    overdueTimer.current = null;
  };

  const loadPage = useCallback(async (answer: NlqAnswer, page: number, signal: AbortSignal): Promise<'ok' | 'expired'> => {
    const ids = pageIds(answer.data, page);
    if (ids.length === 0) {
      setState((s) => ({
        ...s,
        rows: [],
        aggregations: {},
        page,
        loadingPage: false,
      }));
      return 'ok';
    }
    setState((s) => ({ ...s, page, loadingPage: true }));
    try {
      const res = await dataFromIds(answer.query_id, ids, signal);
      setState((s) => ({
        ...s,
        rows: res.data as ResultRow[],
        aggregations: res.aggregations,
        currency: res.currency,
        loadingPage: false,
      }));
      return 'ok';
    } catch (err) {
      if (err instanceof ApiError && err.code === ERROR_CODES.expired) return 'expired';
      throw err;
    }
  }, []);

  /** One run: start (or join) a task, poll it, load the first page. `start` null joins `taskId`. */
  const execute = useCallback(
    async (start: ((signal: AbortSignal) => Promise<AskResponse>) | null, joinTaskId?: string, rerun = 0): Promise<void> => {
      run.current?.abort();
      pageRun.current?.abort();
      const controller = new AbortController();
      run.current = controller;
      const { signal } = controller;
      stopTimers();
      overdueTimer.current = setTimeout(() => setState((s) => (s.phase === 'asking' ? { ...s, overdue: true } : s)), PAGE.overdueMs);
      setState((s) => ({
        ...s,
        phase: 'asking',
        overdue: false,
        error: null,
        loadingPage: false,
      }));
      let stage: SentinelFailure['stage'] = 'ask';
      try {
        let taskId = joinTaskId ?? null;
        if (start) taskId = (await start(signal)).task_id;
        if (!taskId) throw new TaskFailed();
        taskRef.current = taskId;
        rememberTask(taskId);
        setState((s) => ({ ...s, taskId }));
        stage = 'task';
        let answer: NlqAnswer | null = null;
        // A task just queued is looked at after firstPollMs (it usually is ready by then), a task
        // joined from a link at once; afterwards every pollMs (spec 3 §4).
        if (start) await sleep(PAGE.firstPollMs, signal);
        for (;;) {
          const task = await getTask(taskId, signal);
          if (task.ready) {
            if (task.status !== 'SUCCESS' || !task.result) throw new TaskFailed();
            answer = task.result as NlqAnswer;
            break;
          }
          await sleep(PAGE.pollMs, signal);
        }
        if (signal.aborted) return;
        // spec 3 §4: a result older than 48 h (e.g. a task_id link kept for days) is asked again.
        if (isExpired(answer.task_completed_at, Date.now()) && rerun < 1) {
          const id = answer.query_id;
          return execute((sig) => askAgain(id, sig), undefined, rerun + 1);
        }
        onAnswer.current?.(answer);
        setState((s) => ({
          ...s,
          answer,
          page: 1,
          rows: [],
          aggregations: {},
        }));
        stage = 'data';
        const loaded = await loadPage(answer, 1, signal);
        if (loaded === 'expired' && rerun < 1) {
          const id = answer.query_id;
          return execute((sig) => askAgain(id, sig), undefined, rerun + 1);
        }
        if (signal.aborted) return;
        stopTimers();
        setState((s) => ({ ...s, phase: 'done', overdue: false }));
      } catch (err) {
        if (signal.aborted || isAbort(err)) return;
        stopTimers();
        setState((s) => ({
          ...s,
          // A question that failed before its answer came leaves no answer on screen: the previous
          // question's rows under the new question's error read as its answer (issue 20, fresh eyes).
          ...(stage === 'data' ? {} : { answer: null, rows: [], aggregations: {}, page: 1 }),
          phase: 'error',
          overdue: false,
          loadingPage: false,
          error: failureOf(err, stage),
        }));
      }
    },
    [loadPage],
  );

  const cancel = useCallback(() => {
    if (!run.current) return;
    run.current.abort();
    run.current = null;
    pageRun.current?.abort();
    stopTimers();
    if (taskRef.current) void cancelQuestion(taskRef.current);
    setState((s) =>
      s.phase === 'asking'
        ? {
            ...s,
            phase: 'aborted',
            overdue: false,
            loadingPage: false,
            error: null,
          }
        : s,
    );
  }, []);

  const goToPage = useCallback(
    async (page: number) => {
      const answer = state.answer;
      if (!answer) return;
      pageRun.current?.abort();
      const controller = new AbortController();
      pageRun.current = controller;
      try {
        const loaded = await loadPage(answer, page, controller.signal);
        if (loaded === 'expired') void execute((sig) => askAgain(answer.query_id, sig), undefined, 1);
      } catch (err) {
        if (controller.signal.aborted || isAbort(err)) return;
        setState((s) => ({
          ...s,
          loadingPage: false,
          error: failureOf(err, 'data'),
        }));
      }
    },
    [state.answer, loadPage, execute],
  );

  const clearError = useCallback(() => setState((s) => ({ ...s, error: null })), []);
  const markSaved = useCallback((saved: boolean, name: string | null) => setState((s) => (s.answer ? { ...s, answer: { ...s.answer, saved, name } } : s)), []);

  useEffect(
    () => () => {
      run.current?.abort();
      pageRun.current?.abort();
      stopTimers();
    },
    [],
  );

  return { state, execute, cancel, goToPage, clearError, markSaved };
}

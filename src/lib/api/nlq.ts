// spec 3 §7 Sentinel: the calls of the question page (src/lib/contracts/nlq.ts has the shapes and
// the list). Every call takes an AbortSignal so a superseded or cancelled question is never raced.
import type { AskResponse, DataFromIdsResponse, NlqAnswer, ResultType, SavedQuestion } from '../contracts/nlq';
import type { TaskResponse } from '../contracts/tasks';
import { HTTPError } from 'ky';
import { ApiError, call, mainApi, toApiError, signalUnauthorised } from './client';
import { saveDownload } from './download';

const enc = encodeURIComponent;

/**
 * A refused question's error: error.nlq.not_understood also names what was understood, what could
 * not be read (problems: unknown words, an impossible date, a number out of range) and, when there
 * is one, the closest question that can be answered (suggestion) with the words it leaves out.
 */
export type AskError = ApiError & { understood?: string[]; problems?: string[]; suggestion?: string; unplaced?: string[] };

const strings = (x: unknown): string[] | undefined => (Array.isArray(x) ? x.filter((u): u is string => typeof u === 'string') : undefined);

/**
 * Asks a question. A refusal (400 error.nlq.*) is an ApiError; for not_understood it carries the
 * body's data.understood, which the page lists instead of a guess (spec 3 §8).
 */
export async function askQuestion(q: { description: string; result_type: ResultType; language: 'en' | 'de' }, signal?: AbortSignal): Promise<AskResponse> {
  try {
    const res = await mainApi('nlq/ids_from_nl_description', {
      searchParams: q,
      signal,
    });
    return (await res.json()) as AskResponse;
  } catch (err) {
    const apiError: AskError = await toApiError(err);
    signalUnauthorised(apiError);
    if (err instanceof HTTPError) {
      const data = (err.data as { data?: { understood?: unknown; problems?: unknown; suggestion?: unknown; unplaced?: unknown } } | undefined)?.data;
      const understood = strings(data?.understood);
      if (understood) apiError.understood = understood;
      const problems = strings(data?.problems);
      if (problems && problems.length > 0) apiError.problems = problems;
      if (typeof data?.suggestion === 'string' && data.suggestion.trim()) {
        apiError.suggestion = data.suggestion;
        apiError.unplaced = strings(data.unplaced) ?? [];
      }
    }
    throw apiError;
  }
}

/** Asks a stored question again (saved questions, or an answer older than 48 h). */
export const askAgain = (nlqId: number, signal?: AbortSignal) =>
  call<AskResponse>(mainApi, '/nlq/ids_from_nl_description', {
    method: 'post',
    searchParams: { nlq_id: nlqId },
    signal,
  });

export const getTask = (taskId: string, signal?: AbortSignal) => call<TaskResponse>(mainApi, `/tasks/${enc(taskId)}`, { signal });

export function dataSearch(nlqId: number, ids: readonly string[]): URLSearchParams {
  const s = new URLSearchParams({ nlq_id: String(nlqId) });
  for (const id of ids) s.append('id', id);
  return s;
}

export const dataFromIds = (nlqId: number, ids: readonly string[], signal?: AbortSignal) =>
  call<DataFromIdsResponse>(mainApi, '/nlq/data_from_ids', {
    searchParams: dataSearch(nlqId, ids),
    signal,
  });

export const getAnswer = (nlqId: number, signal?: AbortSignal) => call<NlqAnswer>(mainApi, `/nlq/${nlqId}`, { signal });

export const listSavedQuestions = (signal?: AbortSignal) => call<{ data: SavedQuestion[] }>(mainApi, '/nlq', { signal });

/** Saves (save=true) or unsaves a question; with a name it also renames it. */
export function saveQuestion(nlqId: number, p: { name?: string; save?: boolean }): Promise<SavedQuestion> {
  const searchParams: Record<string, string> = {};
  if (p.name !== undefined) searchParams.name = p.name;
  if (p.save !== undefined) searchParams.save = String(p.save);
  return call<SavedQuestion>(mainApi, `/nlq/${nlqId}`, {
    method: 'put',
    searchParams,
  });
}

export const deleteQuestion = (nlqId: number) => call<void>(mainApi, `/nlq/${nlqId}`, { method: 'delete' });

/** Revokes a running question's task; a failure is harmless (the task may have just finished). */
export const cancelQuestion = (taskId: string) => call<void>(mainApi, `/nlq/cancel/${enc(taskId)}`, { method: 'post' }).catch(() => undefined);

export type ExportFileType = 'csv' | 'xlsx';
export const EXPORT_FILE_NAMES: Record<ExportFileType, string> = {
  csv: 'Sentinel.csv',
  xlsx: 'Sentinel.xlsx',
};

/** spec 3 §7 export: the selected ids (none = the whole answer) as Sentinel.csv or Sentinel.xlsx. */
export const exportAnswer = (nlqId: number, ids: readonly string[], fileType: ExportFileType): Promise<void> =>
  saveDownload(() => mainApi('nlq/export_file_from_ids', { method: 'post', json: { nlq_id: nlqId, ids, file_type: fileType } }), EXPORT_FILE_NAMES[fileType]);

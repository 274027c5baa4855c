// Issue 12: the console's calls of the ticketing-history import (settings #system). Types only
// from the contracts, so no zod reaches the browser.
import type { HistoryImportRequest, HistoryImportResponse } from '../contracts/history-import';
import type { TaskResponse } from '../contracts/tasks';
import { call, mainApi } from './client';

export const startHistoryImport = (body: HistoryImportRequest) =>
  call<HistoryImportResponse>(mainApi, '/partners/history_import', { method: 'post', json: body });

/** ARCHITECTURE §3: a task's state and, when ready, its result. */
export const getTask = (taskId: string, signal?: AbortSignal) => call<TaskResponse>(mainApi, `/tasks/${encodeURIComponent(taskId)}`, { signal });

/** Issue 20 §4: what the import would change, as a task (nothing is written). */
export const startHistoryPreview = (body: HistoryImportRequest) =>
  call<HistoryImportResponse>(mainApi, '/partners/history_import/preview', { method: 'post', json: body });

/** Imports the previewed files (the uploads the preview read). */
export const confirmHistoryPreview = (previewTaskId: string) =>
  call<HistoryImportResponse>(mainApi, `/partners/history_import/preview/${encodeURIComponent(previewTaskId)}/confirm`, { method: 'post' });

// Issue 12: the console's calls of the ticketing-history import (settings #system). Types only
// from the contracts, so no zod reaches the browser.
import type { HistoryImportRequest, HistoryImportResponse } from '../contracts/history-import';
import type { TaskResponse } from '../contracts/tasks';
import { call, mainApi } from './client';

export const startHistoryImport = (body: HistoryImportRequest) =>
  call<HistoryImportResponse>(mainApi, '/partners/history_import', { method: 'post', json: body });

/** ARCHITECTURE §3: a task's state and, when ready, its result. */
export const getTask = (taskId: string, signal?: AbortSignal) => call<TaskResponse>(mainApi, `/tasks/${encodeURIComponent(taskId)}`, { signal });

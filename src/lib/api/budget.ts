// spec 2 §7 budget_min_max for the new-setup panel (contract: ../contracts/budget).
// Types only from the contracts, so zod stays out of the browser bundles.
import type { BudgetMinMaxResponse } from '../contracts/budget';
import { call, mainApi } from './client';

/** The budget range (absolute minimum, recommended minimum, maximum) of a runtime of `runtimeDays` inclusive days. */
export const getBudgetMinMax = (eventId: string, runtimeDays: number, signal?: AbortSignal) =>
  call<BudgetMinMaxResponse>(mainApi, `/events/${encodeURIComponent(eventId)}/budget_min_max`, { searchParams: { runtime_in_days: runtimeDays }, signal });

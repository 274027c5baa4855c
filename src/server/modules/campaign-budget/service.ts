// spec 2 §7 GET events/{id}/budget_min_max: the budget range of the new-setup panel for one of the
// partner's events, from the model of model.ts (docs/BUDGET-MODEL.md).
import type { Db } from '../../db/client';
import { currentTimeMs } from '../../../lib/clock';
import type { BudgetMinMaxResponse } from '../../../lib/contracts/budget';
import { budgetBounds, type BudgetInput } from './model';
import { budgetClusterOf, daysOutOf, loadBudgetEvent, loadBudgetForecast, loadCampaignHistory, loadCustomerCount, loadEventClusters } from './load';

/** Everything the model needs of the event, without the runtime (suggested_tcs reuses it). */
export async function budgetInputOf(db: Db, partnerId: number, eventId: string): Promise<Omit<BudgetInput, 'runtimeDays'> & { currency: string; campaigns: number }> {
  const event = await loadBudgetEvent(db, partnerId, eventId);
  const [{ forecast, ticketsSold }, clusters, customers, history] = [
    await loadBudgetForecast(db, partnerId, eventId),
    await loadEventClusters(db, partnerId, eventId),
    await loadCustomerCount(db, partnerId),
    await loadCampaignHistory(db, partnerId, event.currency),
  ];
  return {
    capacity: event.capacity,
    ticketsSold,
    daysOut: daysOutOf(event.startMs, currentTimeMs()),
    ticketPrice: event.ticketPrice,
    forecast,
    clusters: clusters.map(budgetClusterOf),
    customers,
    history,
    currency: event.currency,
    campaigns: history.campaigns,
  };
}

export async function budgetMinMax(db: Db, partnerId: number, eventId: string, runtimeDays: number): Promise<BudgetMinMaxResponse> {
  const input = await budgetInputOf(db, partnerId, eventId);
  const result = budgetBounds({ ...input, runtimeDays });
  return {
    content: {
      ...result,
      currency: input.currency,
      runtime_in_days: runtimeDays,
      ticket_price: input.ticketPrice === null ? null : Math.round(input.ticketPrice * 100) / 100,
      past_campaigns: input.campaigns,
    },
  };
}

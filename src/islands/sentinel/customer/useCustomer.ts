// Loads the profile and the sales summary of one customer together (spec 3 §7: two calls), with
// cancellation of a superseded request (another customer opened) that is never shown as an error.
import { useEffect, useState } from 'react';
import type { CustomerDetail, CustomerSalesSummary } from '../../../lib/contracts/nlq';
import { ApiError } from '../../../lib/api/client';
import { getCustomer, getCustomerSalesSummary } from '../../../lib/api/customers';

export interface CustomerData {
  customer: CustomerDetail;
  sales: CustomerSalesSummary;
}

export type CustomerLoad = { status: 'loading' } | { status: 'ready'; data: CustomerData } | { status: 'error'; error: ApiError };

/** `skip`: the server already answered an error for this customer; nothing to load. */
export function useCustomer(customerId: string, initial?: CustomerData, skip = false): CustomerLoad {
  const nothingToLoad = skip || (initial !== undefined && initial.customer.id === customerId);
  const [state, setState] = useState<CustomerLoad>(initial && !skip && nothingToLoad ? { status: 'ready', data: initial } : { status: 'loading' });
  useEffect(() => {
    if (nothingToLoad) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    Promise.all([getCustomer(customerId, controller.signal), getCustomerSalesSummary(customerId, controller.signal)]).then(
      ([customer, sales]) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data: { customer, sales } });
      },
      (error: unknown) => {
        if (controller.signal.aborted || (error instanceof ApiError && error.cancelled)) return;
        setState({ status: 'error', error: error instanceof ApiError ? error : new ApiError(null, 'common.errors.inServerResponse', String(error)) });
      },
    );
    return () => controller.abort();
  }, [customerId, nothingToLoad]);
  return state;
}

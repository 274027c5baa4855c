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

export function useCustomer(customerId: string, initial?: CustomerData): CustomerLoad {
  const fromInitial = initial && initial.customer.id === customerId;
  const [state, setState] = useState<CustomerLoad>(fromInitial ? { status: 'ready', data: initial } : { status: 'loading' });
  useEffect(() => {
    if (fromInitial) return;
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
  }, [customerId, fromInitial]);
  return state;
}

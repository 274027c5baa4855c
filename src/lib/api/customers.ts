// spec 3 §7 customer calls of Sentinel (the customer drawer and page). Both answer {data, error};
// the client hands back `data` and turns a failure into an ApiError. Types only from the contract.
import type { CustomerDetail, CustomerSalesSummary } from '../contracts/nlq';
import { ApiError, call, mainApi } from './client';

interface Envelope<T> {
  data: T | null;
  error: string | null;
}

function unwrap<T>(body: Envelope<T>): T {
  if (body.data === null) throw new ApiError(200, 'common.errors.inServerResponse', body.error ?? 'No data in the answer');
  return body.data;
}

const enc = encodeURIComponent;

export const getCustomer = async (id: string, signal?: AbortSignal) =>
  unwrap(await call<Envelope<CustomerDetail>>(mainApi, `/customers/${enc(id)}`, { signal }));
export const getCustomerSalesSummary = async (id: string, signal?: AbortSignal) =>
  unwrap(await call<Envelope<CustomerSalesSummary>>(mainApi, `/customers/sales_summary/${enc(id)}`, { signal }));

// spec 3 §7: the event editor's and the simulation's calls (create one event per date entry,
// update an event, read an event's details for prefill and copy).
import type { EventCreated, EventDetails, EventFormInput } from '../contracts/event-form';
import type { EventItem } from '../contracts/events';
import { call, mainApi } from './client';

/** spec 3 §7: prisma for the product category, fdlive otherwise. */
export const eventTypeOf = (category: string) => (category === 'product' ? 'prisma' : 'fdlive');

export const createEvent = (payload: EventFormInput) =>
  call<EventCreated>(mainApi, '/events/', { method: 'POST', json: payload, searchParams: { event_type: eventTypeOf(payload.category) } });

export const updateEvent = (id: string, payload: EventFormInput, opts: { skipPipeline?: boolean } = {}) =>
  call<EventItem>(mainApi, `/events/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: payload,
    searchParams: { event_type: eventTypeOf(payload.category), ...(opts.skipPipeline !== undefined ? { skip_pipeline: String(opts.skipPipeline) } : {}) },
  });

export const getEventDetails = (id: string, signal?: AbortSignal) =>
  call<EventDetails>(mainApi, `/events/${encodeURIComponent(id)}/details`, { signal });

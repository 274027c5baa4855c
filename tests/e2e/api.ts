// The journeys' own API client: a demo user signed in through POST /api/v3/auth with the remembered
// device of devices.setup.ts (so no TOTP step is spent), used by fixtures to create the data a
// journey needs and to put shared demo settings back. Writes carry the console's Origin, as a
// browser would. A session that expired (long workers) is signed in again once.
import { expect, request as playwrightRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import fs from 'node:fs';
import type { EventFormInput } from '../../src/lib/contracts/event-form';
import type { EventItem } from '../../src/lib/contracts/events';
import type { IngestResponse } from '../../src/lib/contracts/sales';
import type { TaskResponse } from '../../src/lib/contracts/tasks';
import { BASE_URL, DEVICES_FILE, PASSWORD, USERS, type UserKey } from './helpers';
import { serverDay } from './clock';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Signs `request` in as a demo user (cookies land in it), skipping MFA with the remembered device. */
export async function apiSignIn(request: APIRequestContext, user: UserKey): Promise<void> {
  const email = USERS[user].email;
  const device = (JSON.parse(fs.readFileSync(DEVICES_FILE, 'utf8')) as Record<string, string>)[email];
  expect(device, `devices.setup.ts remembered a device for ${email}`).toBeTruthy();
  const [device_key, device_group_key] = device.split('.');
  const res = await request.post('/api/v3/auth', {
    headers: { origin: BASE_URL },
    data: { username: email, password: PASSWORD, device_key, device_group_key },
  });
  expect(res.status(), `API sign-in of ${email}: ${await res.text()}`).toBe(200);
  const body = (await res.json()) as { Challenge: string | null };
  expect(body.Challenge, `API sign-in of ${email} without a challenge`).toBeNull();
}

/** A demo user's API session in a request context of its own (not the page's cookies). */
export class ApiSession {
  private constructor(
    readonly user: UserKey,
    private readonly request: APIRequestContext,
  ) {}

  static async open(user: UserKey): Promise<ApiSession> {
    const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
    await apiSignIn(request, user);
    return new ApiSession(user, request);
  }

  async call(method: Method, path: string, data?: unknown): Promise<APIResponse> {
    const fetch = () => this.request.fetch(path, { method, data, headers: method === 'GET' ? {} : { origin: BASE_URL }, failOnStatusCode: false });
    // A kept-alive socket the server closed just as the call reused it answers ECONNRESET before
    // the request was read: sent again once, on a new socket.
    const send = () => fetch().catch((err: Error) => (/ECONNRESET|socket hang up/.test(err.message) ? fetch() : Promise.reject(err)));
    let res = await send();
    if (res.status() === 401) {
      await apiSignIn(this.request, this.user);
      res = await send();
    }
    return res;
  }

  /** The JSON answer of a call that must succeed (2xx). */
  async json<T>(method: Method, path: string, data?: unknown): Promise<T> {
    const res = await this.call(method, path, data);
    expect(res.ok(), `${method} ${path} → ${res.status()} ${await res.text()}`).toBe(true);
    return (res.status() === 204 ? undefined : await res.json()) as T;
  }

  async dispose(): Promise<void> {
    await this.request.dispose();
  }
}

/** A title no other journey (or run) uses, so a search finds exactly this event. */
export function uniqueTitle(label: string, project: string): string {
  return `${label} ${project} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

export interface NewEvent {
  title: string;
  /** Days after the server's today. Default 180: clear of the windows that journeys count in (a week) and of today's sales days. */
  daysAhead?: number;
  capacity?: number;
}

/** Creates a manual (simulated) event of the admin's partner through POST /api/v3/events. */
export async function createEvent(api: ApiSession, { title, daysAhead = 180, capacity = 500 }: NewEvent): Promise<string> {
  const form: EventFormInput = {
    name: title, category: 'symphony', description: 'Created by a journey', date: serverDay(daysAhead), time: '19:30',
    city: 'Köln', venue: 'Philharmonie', hall: 'Großer Saal', capacity, price: 40, lineups: [], setlists: [], tz: 'UTC', status: 'RUNNING',
  };
  const { ids } = await api.json<{ ids: string[] }>('POST', '/api/v3/events/?event_type=fdlive', form);
  expect(ids).toHaveLength(1);
  return ids[0];
}

/** The sales the event fixture records: three sales days before today (none on the last three days, which the sales journeys enter themselves). */
export const FIXTURE_SALES = [
  { daysAgo: 30, regular: 30, discount: 4 },
  { daysAgo: 16, regular: 20, discount: 2 },
  { daysAgo: 5, regular: 12, discount: 0 },
] as const;
export const FIXTURE_TICKETS = FIXTURE_SALES.reduce((n, s) => n + s.regular + s.discount, 0);

/** Records the fixture's sales through POST /api/v3/ingest/transaction_summary; returns the last recompute task. */
export async function addSales(api: ApiSession, eventId: string): Promise<string | null> {
  let task: string | null = null;
  for (const s of FIXTURE_SALES) {
    const day = serverDay(-s.daysAgo);
    const ticket_types = {
      regular: { count: s.regular, revenue: s.regular * 40 },
      ...(s.discount ? { discount: { count: s.discount, revenue: s.discount * 25 } } : {}),
    };
    const res = await api.json<IngestResponse>('POST', '/api/v3/ingest/transaction_summary', { event_id: eventId, start_date: day, end_date: day, ticket_types });
    task = res.recompute_task_id ?? task;
  }
  return task;
}

/** Waits until the recompute task finished and the event's forecast counts `tickets` sold. */
export async function settledEvent(api: ApiSession, eventId: string, task: string | null, tickets: number): Promise<EventItem> {
  if (task) {
    await expect
      .poll(async () => (await api.json<TaskResponse>('GET', `/api/v3/tasks/${task}`)).status, { timeout: 45_000, message: `forecast task of ${eventId}` })
      .toBe('SUCCESS');
  }
  let event: EventItem | undefined;
  await expect
    .poll(
      async () => {
        event = await api.json<EventItem>('GET', `/api/v3/events/${encodeURIComponent(eventId)}`);
        return Boolean(event.benchmark.computed_at) && event.benchmark.tickets_sold === tickets;
      },
      { timeout: 45_000, message: `forecast of ${eventId} with ${tickets} tickets sold` },
    )
    .toBe(true);
  return event!;
}

// Local stand-ins for api.hubapi.com and {dc}.api.mailchimp.com (issue 23), in the manner of
// fake-graph.ts: each checks every request against the documented shape — method, path, the
// Authorization header, the JSON body (strict zod schemas, batch limits) — and answers documented
// bodies. A request off the documented shape is answered 400 AND recorded in `problems`, so a test
// fails even when the client would swallow the error. Scripted faults: `rateLimit` answers the
// next requests 429 (with or without Retry-After), and addresses containing a marker fail the way
// the real services fail (a whole HubSpot batch refused, a 207 partial result, a Mailchimp member
// in compliance state).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

export interface Recorded {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeServer {
  url: string;
  requests: Recorded[];
  problems: string[];
  /** The next `count` requests answer 429; `retryAfter` is sent as the Retry-After header when set. */
  rateLimit: (count: number, retryAfter?: string) => void;
  /** The next `count` requests answer this server error (503 by default). */
  serverError: (count: number, status?: number) => void;
  close: () => Promise<void>;
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
type Handler = (req: Recorded) => Answer;

class Problem extends Error {}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw new Problem(r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return r.data;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function serve(handler: Handler, problemBody: (msg: string) => unknown): Promise<FakeServer> {
  const requests: Recorded[] = [];
  const problems: string[] = [];
  let limited = 0;
  let retryAfter: string | undefined;
  let broken = 0;
  let brokenStatus = 503;
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const rec: Recorded = { method: req.method ?? '', path, authorization: req.headers.authorization, body: undefined };
    let answer: Answer;
    try {
      if (raw) {
        if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) throw new Problem('a body must be sent as application/json');
        try {
          rec.body = JSON.parse(raw);
        } catch {
          throw new Problem('the body is not JSON');
        }
      }
      requests.push(rec);
      if (broken > 0) {
        broken--;
        answer = { status: brokenStatus, body: { status: 'error', message: 'Service unavailable' } };
      } else if (limited > 0) {
        limited--;
        answer = { status: 429, body: { status: 'error', message: 'You have reached your ten_secondly_rolling limit.', category: 'RATE_LIMITS' }, headers: retryAfter ? { 'retry-after': retryAfter } : {} };
      } else {
        answer = handler(rec);
      }
    } catch (err) {
      if (!(err instanceof Problem)) throw err;
      problems.push(`${rec.method} ${rec.path}: ${err.message}`);
      answer = { status: 400, body: problemBody(err.message) };
    }
    res.writeHead(answer.status, { 'content-type': 'application/json', ...(answer.headers ?? {}) });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    problems,
    rateLimit: (count, after) => {
      limited = count;
      retryAfter = after;
    },
    serverError: (count, status = 503) => {
      broken = count;
      brokenStatus = status;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}

// ---------------------------------------------------------------------------------------------
// HubSpot
// ---------------------------------------------------------------------------------------------

export const HUBSPOT_TOKEN = 'pat-na1-11111111-2222-3333-4444-555555555555';

/** An address with this in it makes HubSpot refuse its whole batch (400 VALIDATION_ERROR). */
export const HS_REFUSE_BATCH = 'refuse-batch';
/** An address with this in it is left out of a 207 multi-status answer, with an error. */
export const HS_PARTIAL = 'partial';

const HsInput = z
  .object({
    idProperty: z.literal('email'),
    id: z.email(),
    properties: z.object({ email: z.string(), firstname: z.string().min(1).optional(), lastname: z.string().min(1).optional() }).strict(),
  })
  .strict()
  .refine((i) => i.properties.email === i.id, 'properties.email must be the id');
const HsUpsert = z.object({ inputs: z.array(HsInput).min(1).max(100) }).strict();
const HsList = z.object({ name: z.string().min(1).max(255), objectTypeId: z.literal('0-1'), processingType: z.literal('MANUAL') }).strict();
const HsMembers = z.array(z.string().regex(/^\d+$/)).min(1).max(100);

export interface FakeHubSpot extends FakeServer {
  contacts: Map<string, string>;
  lists: Map<string, { name: string; members: Set<string> }>;
}

export async function startFakeHubSpot(): Promise<FakeHubSpot> {
  const contacts = new Map<string, string>();
  const lists = new Map<string, { name: string; members: Set<string> }>();
  let nextId = 5001;
  let nextList = 901;
  const handler: Handler = (r) => {
    if (r.authorization !== `Bearer ${HUBSPOT_TOKEN}`) {
      if (r.authorization?.startsWith('Bearer ')) return { status: 401, body: { status: 'error', message: 'Authentication credentials not found.', category: 'INVALID_AUTHENTICATION' } };
      throw new Problem('Authorization must be "Bearer <private app token>"');
    }
    if (r.method === 'POST' && r.path === '/crm/v3/objects/contacts/batch/upsert') {
      const { inputs } = parse(HsUpsert, r.body);
      if (new Set(inputs.map((i) => i.id)).size !== inputs.length) throw new Problem('duplicate ids in one batch');
      if (inputs.some((i) => i.id.includes(HS_REFUSE_BATCH))) {
        return { status: 400, body: { status: 'error', message: 'Property values were not valid', category: 'VALIDATION_ERROR', correlationId: 'c0ffee' } };
      }
      const results = [];
      const errors = [];
      for (const i of inputs) {
        if (i.id.includes(HS_PARTIAL)) {
          errors.push({ status: 'error', category: 'VALIDATION_ERROR', message: `Email address ${i.id} is invalid`, context: { ids: [i.id] } });
          continue;
        }
        const isNew = !contacts.has(i.id);
        if (isNew) contacts.set(i.id, String(nextId++));
        results.push({ id: contacts.get(i.id), new: isNew, properties: { hs_object_id: contacts.get(i.id), ...i.properties }, createdAt: '2026-11-29T10:00:00Z', updatedAt: '2026-11-29T10:00:00Z', archived: false });
      }
      const body = { status: 'COMPLETE', results, ...(errors.length ? { errors, numErrors: errors.length } : {}), startedAt: '2026-11-29T10:00:00Z', completedAt: '2026-11-29T10:00:01Z' };
      return { status: errors.length ? 207 : 200, body };
    }
    if (r.method === 'POST' && r.path === '/crm/v3/lists') {
      const b = parse(HsList, r.body);
      if ([...lists.values()].some((l) => l.name === b.name)) return { status: 400, body: { status: 'error', message: 'A list with this name already exists', category: 'VALIDATION_ERROR' } };
      const listId = String(nextList++);
      lists.set(listId, { name: b.name, members: new Set() });
      return { status: 200, body: { list: { listId, listVersion: 1, name: b.name, objectTypeId: '0-1', processingType: 'MANUAL', processingStatus: 'COMPLETE', createdAt: '2026-11-29T10:00:02Z' } } };
    }
    const m = /^\/crm\/v3\/lists\/([^/]+)\/memberships\/add$/.exec(r.path);
    if (m && r.method === 'PUT') {
      const ids = parse(HsMembers, r.body);
      const list = lists.get(m[1]!);
      if (!list) return { status: 404, body: { status: 'error', message: 'List does not exist', category: 'OBJECT_NOT_FOUND' } };
      const known = new Set(contacts.values());
      const added = ids.filter((id) => known.has(id));
      for (const id of added) list.members.add(id);
      return { status: 200, body: { recordsIdsAdded: added, recordIdsMissing: ids.filter((id) => !known.has(id)), recordIdsRemoved: [] } };
    }
    throw new Problem(`no such HubSpot endpoint ${r.method} ${r.path}`);
  };
  const base = await serve(handler, (msg) => ({ status: 'error', message: msg, category: 'VALIDATION_ERROR' }));
  return { ...base, contacts, lists };
}

// ---------------------------------------------------------------------------------------------
// Mailchimp
// ---------------------------------------------------------------------------------------------

export const MAILCHIMP_KEY = '0123456789abcdef0123456789abcdef-us21';
export const MAILCHIMP_LIST = 'a1b2c3d4e5';
/** An address with this in it is refused (Mailchimp's compliance state: unsubscribed there). */
export const MC_COMPLIANCE = 'compliance';

const McMember = z
  .object({
    email_address: z.email(),
    status: z.literal('subscribed'),
    merge_fields: z.object({ FNAME: z.string().min(1).optional(), LNAME: z.string().min(1).optional() }).strict().optional(),
  })
  .strict();
const McBatch = z.object({ members: z.array(McMember).min(1).max(500), update_existing: z.literal(true) }).strict();
const McSegment = z.object({ name: z.string().min(1).max(100), static_segment: z.array(z.email()).max(500) }).strict();
const McSegmentMembers = z.object({ members_to_add: z.array(z.email()).min(1).max(500), members_to_remove: z.array(z.string()).max(0) }).strict();

const mcProblem = (status: number, title: string, detail: string) => ({ type: 'https://mailchimp.com/developer/marketing/docs/errors/', title, status, detail, instance: 'd3adb33f' });

export interface FakeMailchimp extends FakeServer {
  /** The base URL template a client is given: the data centre appears as the first path segment. */
  template: string;
  members: Set<string>;
  segments: Map<string, { name: string; members: Set<string> }>;
}

export async function startFakeMailchimp(): Promise<FakeMailchimp> {
  const members = new Set<string>();
  const segments = new Map<string, { name: string; members: Set<string> }>();
  let nextSegment = 4711;
  const handler: Handler = (r) => {
    const auth = r.authorization ?? '';
    if (!auth.startsWith('Basic ')) throw new Problem('Authorization must be HTTP Basic with the API key as password');
    const [, password] = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':');
    if (password !== MAILCHIMP_KEY) return { status: 401, body: mcProblem(401, 'API Key Invalid', 'Your API key may be invalid, or you\'ve attempted to access the wrong datacenter.') };
    const dc = /^\/([a-z]+\d+)\/3\.0\//.exec(r.path);
    if (!dc) throw new Problem('the path must start with /{dc}/3.0/');
    if (dc[1] !== 'us21') throw new Problem(`data centre ${dc[1]} is not the key's (us21)`);
    const path = r.path.slice(dc[0].length - 1);
    const list = /^\/lists\/([^/]+)/.exec(path)?.[1];
    if (list && list !== MAILCHIMP_LIST) return { status: 404, body: mcProblem(404, 'Resource Not Found', 'The requested resource could not be found.') };
    if (r.method === 'POST' && path === `/lists/${MAILCHIMP_LIST}`) {
      const b = parse(McBatch, r.body);
      const created = [];
      const updated = [];
      const errors = [];
      for (const m of b.members) {
        const email = m.email_address.toLowerCase();
        if (email.includes(MC_COMPLIANCE)) {
          errors.push({ email_address: m.email_address, error: `${m.email_address} is in a compliance state due to unsubscribe, bounce, or compliance review and cannot be subscribed.`, error_code: 'ERROR_CONTACT_EXISTS', field: '', field_message: '' });
          continue;
        }
        const entry = { id: email, email_address: m.email_address, status: 'subscribed', list_id: MAILCHIMP_LIST };
        if (members.has(email)) updated.push(entry);
        else {
          members.add(email);
          created.push(entry);
        }
      }
      return { status: 200, body: { new_members: created, updated_members: updated, errors, total_created: created.length, total_updated: updated.length, error_count: errors.length, _links: [] } };
    }
    if (r.method === 'POST' && path === `/lists/${MAILCHIMP_LIST}/segments`) {
      const b = parse(McSegment, r.body);
      const id = String(nextSegment++);
      const seg = { name: b.name, members: new Set(b.static_segment.map((e) => e.toLowerCase()).filter((e) => members.has(e))) };
      segments.set(id, seg);
      return { status: 200, body: { id: Number(id), name: b.name, member_count: seg.members.size, type: 'static', list_id: MAILCHIMP_LIST, created_at: '2026-11-29T10:00:02+00:00' } };
    }
    const s = new RegExp(`^/lists/${MAILCHIMP_LIST}/segments/(\\d+)$`).exec(path);
    if (s && r.method === 'POST') {
      const b = parse(McSegmentMembers, r.body);
      const seg = segments.get(s[1]!);
      if (!seg) return { status: 404, body: mcProblem(404, 'Resource Not Found', 'The requested segment could not be found.') };
      const added = b.members_to_add.map((e) => e.toLowerCase()).filter((e) => members.has(e));
      for (const e of added) seg.members.add(e);
      const missing = b.members_to_add.filter((e) => !members.has(e.toLowerCase()));
      return {
        status: 200,
        body: {
          members_added: added.map((e) => ({ email_address: e })),
          members_removed: [],
          errors: missing.length ? [{ email_addresses: missing, error: 'Email addresses are not subscribed to the list' }] : [],
          total_added: added.length,
          total_removed: 0,
          error_count: missing.length,
        },
      };
    }
    throw new Problem(`no such Mailchimp endpoint ${r.method} ${path}`);
  };
  const base = await serve(handler, (msg) => mcProblem(400, 'Invalid Resource', msg));
  return { ...base, template: `${base.url}/{dc}`, members, segments };
}

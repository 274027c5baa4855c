// A local stand-in for graph.facebook.com that checks every request against the documented
// shape (method, version, path, required parameters, appsecret_proof, minor-unit budgets,
// targeting spec, DSA names, creative specs) and answers documented bodies or Graph error objects.
// A request that breaks the documented shape is answered with a Graph error AND recorded in
// `problems`, so a test fails even if the client would swallow the error.
import { createHmac } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/** The version the documentation names today; deliberately not imported from the client. */
export const DOCUMENTED_VERSION = 'v26.0';

export const FAKE_APP = { appId: '424242', appSecret: 'fake-app-secret' };
export const TOKENS = { short: 'short-lived-token', good: 'long-lived-token' } as const;
export const GOOD_CODE = 'good-code';
export const REDIRECT = 'http://127.0.0.1:4641/fb-callback';

const EU = new Set(['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE']);

export interface Recorded {
  method: string;
  path: string;
  params: Record<string, string>;
}

type Answer = { status: number; body: unknown };
type Params = Record<string, string>;

class Problem extends Error {}

const graphError = (code: number, message: string, extra: Record<string, unknown> = {}) => ({ error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEf', ...extra } });

/** Parses a JSON-valued parameter and checks it with a schema. */
function json<T extends z.ZodType>(p: Params, name: string, schema: T): z.infer<T> {
  const raw = p[name];
  if (raw === undefined) throw new Problem(`missing parameter ${name}`);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Problem(`${name} is not JSON`);
  }
  const r = schema.safeParse(value);
  if (!r.success) throw new Problem(`${name}: ${r.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  return r.data;
}

function params<T extends z.ZodType>(p: Params, schema: T): z.infer<T> {
  const r = schema.safeParse(p);
  if (!r.success) throw new Problem(r.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; '));
  return r.data;
}

const fieldsInclude = (p: Params, ...names: string[]) => {
  const f = (p.fields ?? '').split(',').map((s) => s.trim());
  for (const n of names) if (!f.some((x) => x === n || x.startsWith(`${n}{`))) throw new Problem(`fields must include ${n}`);
};

const Iso = z.string().refine((s) => !Number.isNaN(Date.parse(s)) && /T/.test(s), 'ISO 8601 date-time');
const MinorUnits = z.string().regex(/^[1-9]\d*$/, 'a positive whole number of minor units');
const Status = z.enum(['ACTIVE', 'PAUSED']);
const Cta = z.object({ type: z.string().min(1), value: z.object({ link: z.string().url(), lead_gen_form_id: z.string().optional() }) });
const LinkData = z.object({
  link: z.string().url(),
  message: z.string().min(1),
  name: z.string().min(1),
  description: z.string().optional(),
  picture: z.string().url().optional(),
  image_hash: z.string().optional(),
  call_to_action: Cta,
}).refine((d) => Boolean(d.picture) !== Boolean(d.image_hash), 'exactly one of picture or image_hash');
const VideoData = z.object({ video_id: z.string().min(1), image_url: z.string().url(), title: z.string().min(1), message: z.string().min(1), call_to_action: Cta });
const StorySpec = z.object({ page_id: z.string().regex(/^\d+$/), instagram_user_id: z.string().optional(), link_data: LinkData.optional(), video_data: VideoData.optional() }).strict();
const AssetFeed = z
  .object({
    images: z.array(z.union([z.object({ url: z.string().url() }).strict(), z.object({ hash: z.string().min(1) }).strict()])).optional(),
    videos: z.array(z.object({ video_id: z.string(), thumbnail_url: z.string().url() })).optional(),
    bodies: z.array(z.object({ text: z.string().min(1) })).min(1),
    titles: z.array(z.object({ text: z.string().min(1) })).min(1),
    descriptions: z.array(z.object({ text: z.string() })).optional(),
    link_urls: z.array(z.object({ website_url: z.string().url() })).min(1),
    call_to_action_types: z.array(z.string()).length(1),
    ad_formats: z.array(z.enum(['SINGLE_IMAGE', 'SINGLE_VIDEO', 'AUTOMATIC_FORMAT'])).length(1),
  })
  .refine((a) => (a.images?.length ?? 0) + (a.videos?.length ?? 0) > 0, 'images or videos');
const CustomLocation = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  radius: z.number().positive(),
  distance_unit: z.enum(['kilometer', 'mile']),
}).refine((l) => (l.distance_unit === 'kilometer' ? l.radius >= 1 && l.radius <= 80 : l.radius >= 1 && l.radius <= 50), 'radius 1–80 km or 1–50 mi');
const GeoLocations = z
  .object({
    countries: z.array(z.string().regex(/^[A-Z]{2}$/)).min(1).optional(),
    zips: z.array(z.object({ key: z.string().regex(/^[A-Z]{2}:\S.*$/) })).min(1).optional(),
    custom_locations: z.array(CustomLocation).min(1).optional(),
  })
  .strict()
  .refine((g) => [g.countries, g.zips, g.custom_locations].filter(Boolean).length === 1, 'exactly one of countries, zips, custom_locations');
const Targeting = z
  .object({
    age_min: z.number().int().min(18).max(65),
    age_max: z.number().int().min(18).max(65),
    geo_locations: GeoLocations,
    excluded_geo_locations: z.object({ custom_locations: z.array(CustomLocation).min(1) }).strict().optional(),
    custom_audiences: z.array(z.object({ id: z.string() })).optional(),
    excluded_custom_audiences: z.array(z.object({ id: z.string() })).optional(),
    publisher_platforms: z.array(z.enum(['facebook', 'instagram'])).min(1),
    // Required explicitly since v23.0 (a new ad set otherwise defaults to Advantage+ audience).
    targeting_automation: z.object({ advantage_audience: z.union([z.literal(0), z.literal(1)]) }),
  })
  .strict()
  .refine((t) => t.age_min <= t.age_max, 'age_min ≤ age_max');

/** A customer-list custom audience the fake keeps: what was created and every hash received. */
export interface FakeAudience {
  adAccountId: string;
  name: string;
  description: string;
  hashes: Set<string>;
  /** Batches received per upload session, in order (batch_seq). */
  sessions: Map<string, number[]>;
}

const AUDIENCE_BATCH_MAX = 10_000;
const Sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 hash (64 lower-case hex characters)');

export interface FakeGraph {
  url: string;
  requests: Recorded[];
  /** Custom audiences created through the fake, by id. */
  audiences: Map<string, FakeAudience>;
  /** Requests that broke the documented shape (a test asserts this stays empty). */
  problems: string[];
  /** Answers the next request whose path matches with this status and body instead. */
  failNext(path: RegExp, status: number, body: unknown): void;
  /** Makes the next matching request hang for `ms` (timeouts). */
  delayNext(path: RegExp, ms: number): void;
  close(): Promise<void>;
}

export async function startFakeGraph(): Promise<FakeGraph> {
  const requests: Recorded[] = [];
  const problems: string[] = [];
  const overrides: { path: RegExp; answer?: Answer; delayMs?: number }[] = [];
  const campaigns = new Set<string>();
  const adSets = new Map<string, Record<string, unknown>>();
  const creatives = new Set<string>();
  const ads = new Set<string>();
  const audiences = new Map<string, FakeAudience>();
  let nextId = 900_000_000;
  const newId = () => String(++nextId);

  const pageToken = (pageId: string) => `page-token-${pageId}`;
  const validTokens = () => new Set<string>([TOKENS.good, pageToken('1001'), pageToken('1002')]);

  function authenticate(p: Params) {
    const token = p.access_token;
    if (!token) throw new Problem('missing access_token');
    const proof = createHmac('sha256', FAKE_APP.appSecret).update(token).digest('hex');
    if (p.appsecret_proof !== proof) throw new Problem('appsecret_proof missing or wrong');
    if (!validTokens().has(token)) return graphError(190, 'Error validating access token: Session has expired.', { error_subcode: 463 });
    return null;
  }

  function route(method: string, path: string, p: Params): Answer {
    // OAuth: the only calls without a user token.
    if (path === 'oauth/access_token' && method === 'GET') {
      if (p.grant_type === 'fb_exchange_token') {
        params(p, z.object({ grant_type: z.literal('fb_exchange_token'), client_id: z.literal(FAKE_APP.appId), client_secret: z.literal(FAKE_APP.appSecret), fb_exchange_token: z.string().min(1) }).strict());
        if (p.fb_exchange_token !== TOKENS.short) return { status: 400, body: graphError(190, 'Invalid OAuth access token.') };
        return { status: 200, body: { access_token: TOKENS.good, token_type: 'bearer', expires_in: 5_183_944 } };
      }
      params(p, z.object({ client_id: z.literal(FAKE_APP.appId), client_secret: z.literal(FAKE_APP.appSecret), redirect_uri: z.string().url(), code: z.string().min(1) }).strict());
      if (p.code !== GOOD_CODE) return { status: 400, body: graphError(100, 'Invalid verification code format.', { type: 'OAuthException', error_subcode: 36007 }) };
      return { status: 200, body: { access_token: TOKENS.short, token_type: 'bearer', expires_in: 5400 } };
    }
    const denied = authenticate(p);
    if (denied) return { status: 400, body: denied };
    const token = p.access_token!;
    let m: RegExpMatchArray | null;

    if (method === 'GET' && path === 'me') {
      fieldsInclude(p, 'id', 'name');
      return ok({ id: '10001', name: 'Sandra Sample' });
    }
    if (method === 'GET' && path === 'me/accounts') {
      fieldsInclude(p, 'id', 'name', 'tasks', 'instagram_business_account');
      if (p.after === 'cursor-1') return ok({ data: [{ id: '1002', name: 'Side Stage', tasks: ['ANALYZE'] }], paging: { cursors: { before: 'cursor-1', after: 'cursor-2' } } });
      return ok({
        data: [{ id: '1001', name: 'Konzerthaus', tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT'], instagram_business_account: { id: '17841400000000001', username: 'konzerthaus' } }],
        paging: { cursors: { before: 'cursor-0', after: 'cursor-1' }, next: 'https://graph.facebook.com/next-page' },
      });
    }
    if (method === 'GET' && path === 'me/adaccounts') {
      fieldsInclude(p, 'account_id', 'currency', 'account_status', 'user_tasks');
      return ok({ data: Object.values(AD_ACCOUNTS), paging: { cursors: { before: 'a', after: 'b' } } });
    }
    if ((m = path.match(/^act_(\d+)$/)) && method === 'GET') {
      fieldsInclude(p, 'account_id', 'currency', 'account_status');
      const a = AD_ACCOUNTS[m[1]!];
      return a ? ok(a) : { status: 400, body: graphError(100, 'Unsupported get request. Object with ID does not exist', { type: 'GraphMethodException', error_subcode: 33 }) };
    }
    if ((m = path.match(/^act_(\d+)\/adspixels$/)) && method === 'GET') {
      fieldsInclude(p, 'id', 'name');
      return ok({ data: [{ id: `7${m[1]}`, name: `Pixel ${m[1]}` }], paging: {} });
    }
    if ((m = path.match(/^act_(\d+)\/customconversions$/)) && method === 'GET') {
      fieldsInclude(p, 'id', 'name', 'custom_event_type');
      return ok({ data: [{ id: '5501', name: 'Ticket bought', custom_event_type: 'PURCHASE', pixel: { id: '7111' } }, { id: '5502', name: 'Thank-you page', custom_event_type: 'OTHER' }] });
    }
    if ((m = path.match(/^act_(\d+)\/customaudiences$/)) && method === 'GET') {
      // Fields and subtypes as documented for the ad account's customaudiences edge.
      fieldsInclude(p, 'id', 'name', 'subtype');
      const made = [...audiences.entries()].filter(([, a]) => a.adAccountId === m![1]).map(([id, a]) => ({ id, name: a.name, subtype: 'CUSTOM' }));
      return ok({ data: [{ id: '6601', name: 'Past buyers', subtype: 'CUSTOM', approximate_count_lower_bound: 12000 }, { id: '6602', name: 'Newsletter', subtype: 'CUSTOM' }, { id: '6603', name: 'Buyers lookalike', subtype: 'LOOKALIKE', approximate_count_lower_bound: 900000 }, { id: '6604', name: 'App users', subtype: 'APP' }, ...made] });
    }
    if ((m = path.match(/^act_(\d+)\/customaudiences$/)) && method === 'POST') {
      // Customer File Custom Audiences: name, subtype CUSTOM, description, customer_file_source.
      const b = params(p, z.object({ name: z.string().min(1), subtype: z.literal('CUSTOM'), description: z.string(), customer_file_source: z.enum(['USER_PROVIDED_ONLY', 'PARTNER_PROVIDED_ONLY', 'BOTH_USER_AND_PARTNER_PROVIDED']) }).passthrough());
      if (!AD_ACCOUNTS[m[1]!]) return { status: 400, body: graphError(100, 'Unsupported post request.', { error_subcode: 33 }) };
      const id = newId();
      audiences.set(id, { adAccountId: m[1]!, name: b.name, description: b.description, hashes: new Set(), sessions: new Map() });
      return ok({ id });
    }
    if ((m = path.match(/^(\d+)\/users$/)) && method === 'POST') return addUsers(m[1]!, p);
    if ((m = path.match(/^(\d+)\/leadgen_forms$/)) && method === 'GET') {
      if (token !== pageToken(m[1]!)) throw new Problem('leadgen_forms must be read with the page token');
      return ok({ data: [{ id: '8801', name: 'Newsletter sign-up', status: 'ACTIVE' }, { id: '8802', name: 'Old form', status: 'ARCHIVED' }] });
    }
    if (method === 'GET' && path === 'search') return search(p);
    if ((m = path.match(/^act_(\d+)\/adimages$/)) && method === 'POST') {
      const body = params(p, z.object({ bytes: z.string().regex(/^[A-Za-z0-9+/]+=*$/), name: z.string().min(1) }).passthrough());
      return ok({ images: { [body.name]: { hash: `hash-${body.bytes.length}`, url: 'https://scontent.example/image.jpg' } } });
    }
    if ((m = path.match(/^act_(\d+)\/advideos$/)) && method === 'POST') {
      params(p, z.object({ file_url: z.string().url().startsWith('https://'), name: z.string().min(1) }).passthrough());
      return ok({ id: newId() });
    }
    if ((m = path.match(/^act_(\d+)\/generatepreviews$/)) && method === 'GET') {
      params(p, z.object({ ad_format: z.enum(['DESKTOP_FEED_STANDARD', 'MOBILE_FEED_STANDARD', 'INSTAGRAM_STANDARD', 'INSTAGRAM_REELS']) }).passthrough());
      const creative = json(p, 'creative', z.object({ object_story_spec: StorySpec }).strict());
      if (!creative.object_story_spec.link_data && !creative.object_story_spec.video_data) throw new Problem('object_story_spec needs link_data or video_data');
      return ok({ data: [{ body: `<iframe src="https://www.facebook.com/ads/api/preview_iframe.php?d=${p.ad_format}" width="540" height="690"></iframe>` }] });
    }
    if ((m = path.match(/^act_(\d+)\/campaigns$/)) && method === 'POST') {
      params(p, z.object({ name: z.string().min(1), objective: z.enum(['OUTCOME_SALES', 'OUTCOME_LEADS', 'OUTCOME_AWARENESS']), status: Status, special_ad_categories: z.string(), is_adset_budget_sharing_enabled: z.enum(['true', 'false']) }).passthrough());
      json(p, 'special_ad_categories', z.array(z.string()));
      const id = newId();
      campaigns.add(id);
      return ok({ id });
    }
    if ((m = path.match(/^act_(\d+)\/adsets$/)) && method === 'POST') return createAdSet(p);
    if ((m = path.match(/^act_(\d+)\/adcreatives$/)) && method === 'POST') {
      params(p, z.object({ name: z.string().min(1) }).passthrough());
      const story = json(p, 'object_story_spec', StorySpec);
      if (p.asset_feed_spec !== undefined) {
        json(p, 'asset_feed_spec', AssetFeed);
        if (story.link_data || story.video_data) throw new Problem('a dynamic creative keeps its assets in asset_feed_spec, not link_data');
      } else if (!story.link_data && !story.video_data) throw new Problem('object_story_spec needs link_data or video_data');
      const id = newId();
      creatives.add(id);
      return ok({ id });
    }
    if ((m = path.match(/^act_(\d+)\/ads$/)) && method === 'POST') {
      params(p, z.object({ name: z.string().min(1), adset_id: z.string(), status: Status, creative: z.string() }).passthrough());
      if (!adSets.has(p.adset_id!)) throw new Problem('adset_id of an unknown ad set');
      const c = json(p, 'creative', z.object({ creative_id: z.string() }).strict());
      if (!creatives.has(c.creative_id)) throw new Problem('creative_id of an unknown creative');
      const id = newId();
      ads.add(id);
      return ok({ id });
    }
    if ((m = path.match(/^(\d+)\/insights$/)) && method === 'GET') {
      fieldsInclude(p, 'impressions', 'clicks', 'spend', 'actions', 'action_values');
      const range = json(p, 'time_range', z.object({ since: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), until: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }).strict());
      if (m[1] === '404404') return ok({ data: [] });
      return ok({
        data: [{
          impressions: '12345', clicks: '321', spend: '45.67', date_start: range.since, date_stop: range.until,
          actions: [{ action_type: 'link_click', value: '321' }, { action_type: 'offsite_conversion.fb_pixel_purchase', value: '7' }, { action_type: 'purchase', value: '7' }, { action_type: 'lead', value: '3' }],
          action_values: [{ action_type: 'offsite_conversion.fb_pixel_purchase', value: '350.50' }, { action_type: 'purchase', value: '350.50' }],
        }],
      });
    }
    if ((m = path.match(/^(\d+)$/))) {
      const id = m[1]!;
      if (method === 'DELETE') return ok({ success: true });
      if (method === 'GET') return getNode(id, p);
      if (method === 'POST') return updateNode(id, p);
    }
    throw new Problem(`undocumented call ${method} /${path}`);
  }

  function getNode(id: string, p: Params): Answer {
    if (p.fields === 'access_token') {
      if (!['1001', '1002'].includes(id)) return { status: 400, body: graphError(100, 'Object does not exist', { error_subcode: 33 }) };
      return ok({ id, access_token: pageToken(id) });
    }
    if (p.fields === 'targeting') {
      const set = adSets.get(id);
      if (!set) throw new Problem('targeting of an unknown ad set');
      return ok({ id, targeting: set.targeting });
    }
    if (id === '1001' || id === '1002') {
      fieldsInclude(p, 'name', 'picture');
      return ok({ id, name: id === '1001' ? 'Konzerthaus' : 'Side Stage', picture: { data: { url: `https://scontent.example/${id}.jpg` } } });
    }
    if (id.startsWith('7')) return ok({ id, name: `Pixel ${id}` });
    if (id.startsWith('178414')) return ok({ id, username: 'konzerthaus' });
    return { status: 400, body: graphError(100, 'Object does not exist', { error_subcode: 33 }) };
  }

  function updateNode(id: string, p: Params): Answer {
    if (p.targeting !== undefined) {
      if (!adSets.has(id)) throw new Problem('targeting update of an unknown ad set');
      const t = json(p, 'targeting', Targeting);
      adSets.set(id, { ...adSets.get(id), targeting: t });
      return ok({ success: true });
    }
    if (p.creative !== undefined) {
      // An ad switched to another creative (Meta: POST /{ad-id} creative={"creative_id": …}).
      if (!ads.has(id)) throw new Problem('creative update of an unknown ad');
      const c = json(p, 'creative', z.object({ creative_id: z.string() }).strict());
      if (!creatives.has(c.creative_id)) throw new Problem('creative_id of an unknown creative');
      return ok({ success: true });
    }
    if (p.lifetime_budget !== undefined) {
      params(p, z.object({ lifetime_budget: MinorUnits, end_time: Iso, start_time: Iso.optional() }).passthrough());
      if (!adSets.has(id)) throw new Problem('budget change of an unknown ad set');
      return ok({ success: true });
    }
    params(p, z.object({ status: Status }).passthrough());
    return ok({ success: true });
  }

  /** POST {audience}/users: hashes only (never an address), one schema, ≤ 10,000 per batch, batches of a session in order. */
  function addUsers(audienceId: string, p: Params): Answer {
    const audience = audiences.get(audienceId);
    if (!audience) throw new Problem('users of an unknown custom audience');
    if (Object.values(p).some((v) => v.includes('@'))) throw new Problem('an email address was sent unhashed');
    const payload = json(p, 'payload', z.object({ schema: z.union([z.literal('EMAIL_SHA256'), z.tuple([z.literal('EMAIL_SHA256')])]), data: z.array(z.union([Sha256Hex, z.tuple([Sha256Hex])])).min(1).max(AUDIENCE_BATCH_MAX) }).strict());
    const session = json(p, 'session', z.object({ session_id: z.number().int().positive(), batch_seq: z.number().int().min(1), last_batch_flag: z.boolean(), estimated_num_total: z.number().int().min(0).optional() }).strict());
    const key = String(session.session_id);
    const seen = audience.sessions.get(key) ?? [];
    if (session.batch_seq !== seen.length + 1) throw new Problem(`batch_seq ${session.batch_seq} after ${seen.length} batches of session ${key}`);
    if (seen.length && seen[seen.length - 1]! < 0) throw new Problem(`a batch after the last batch of session ${key}`);
    // A negative entry marks the session's last batch.
    audience.sessions.set(key, [...seen, session.last_batch_flag ? -session.batch_seq : session.batch_seq]);
    const data = payload.data.map((d) => (Array.isArray(d) ? d[0] : d));
    for (const h of data) audience.hashes.add(h);
    return ok({ audience_id: audienceId, session_id: key, num_received: data.length, num_invalid_entries: 0, invalid_entry_samples: {} });
  }

  function createAdSet(p: Params): Answer {
    const b = params(
      p,
      z.object({
        name: z.string().min(1),
        campaign_id: z.string(),
        status: Status,
        lifetime_budget: MinorUnits,
        start_time: Iso,
        end_time: Iso,
        billing_event: z.literal('IMPRESSIONS'),
        optimization_goal: z.enum(['OFFSITE_CONVERSIONS', 'LEAD_GENERATION', 'REACH']),
        bid_strategy: z.string().optional(),
        is_dynamic_creative: z.enum(['true', 'false']),
        destination_type: z.string().optional(),
        dsa_beneficiary: z.string().min(1).optional(),
        dsa_payor: z.string().min(1).optional(),
      }).passthrough(),
    );
    if (!campaigns.has(b.campaign_id)) throw new Problem('campaign_id of an unknown campaign');
    if (Date.parse(b.end_time) <= Date.parse(b.start_time)) throw new Problem('end_time before start_time');
    const promoted = json(p, 'promoted_object', z.object({ pixel_id: z.string().optional(), custom_event_type: z.string().optional(), custom_conversion_id: z.string().optional(), page_id: z.string().optional() }).strict());
    if (b.optimization_goal === 'OFFSITE_CONVERSIONS' && (!promoted.pixel_id || !promoted.custom_event_type)) throw new Problem('OFFSITE_CONVERSIONS needs promoted_object.pixel_id and custom_event_type');
    if (b.optimization_goal === 'LEAD_GENERATION' && !promoted.page_id) throw new Problem('LEAD_GENERATION needs promoted_object.page_id');
    const t = json(p, 'targeting', Targeting);
    for (const a of t.custom_audiences ?? []) if (!audiences.has(a.id) && !/^660[1-4]$/.test(a.id)) throw new Problem(`custom_audiences names unknown audience ${a.id}`);
    const countries = [...(t.geo_locations.countries ?? []), ...(t.geo_locations.zips ?? []).map((z) => z.key.slice(0, 2))];
    if (countries.some((c) => EU.has(c)) && (!b.dsa_beneficiary || !b.dsa_payor)) {
      return { status: 400, body: graphError(100, 'Invalid parameter', { type: 'OAuthException', error_subcode: 3858081, error_user_title: 'Beneficiary and payer required', error_user_msg: 'Ads that reach the EU need a beneficiary and a payer.' }) };
    }
    const id = newId();
    adSets.set(id, { targeting: t });
    return ok({ id });
  }

  function search(p: Params): Answer {
    if (p.type === 'adgeolocation') {
      params(p, z.object({ q: z.string().min(1), limit: z.string().regex(/^\d+$/).optional(), country_code: z.string().regex(/^[A-Z]{2}$/).optional() }).passthrough());
      if (p.location_types !== undefined) json(p, 'location_types', z.array(z.enum(['country', 'country_group', 'region', 'city', 'zip', 'geo_market', 'electoral_district', 'neighborhood', 'subcity', 'place', 'large_geo_area', 'medium_geo_area', 'small_geo_area', 'county'])).min(1));
      return ok({ data: [{ key: '2950159', name: 'Berlin', type: 'city', country_code: 'DE', country_name: 'Germany', region: 'Berlin', region_id: 1644, supports_region: true, supports_city: true }] });
    }
    if (p.type === 'adgeolocationmeta') {
      const zips = json(p, 'zips', z.array(z.string().regex(/^[A-Z]{2}:\S+( \S+)?$/)).min(1));
      const known: Record<string, object> = {};
      for (const k of zips) if (k === 'DE:10115' || k === 'DE:80331') known[k] = { key: k, name: k.slice(3), type: 'zip', country_code: 'DE', country_name: 'Germany', region: k === 'DE:10115' ? 'Berlin' : 'Bavaria', primary_city: k === 'DE:10115' ? 'Berlin' : 'Munich' };
      return ok({ data: { zips: known } });
    }
    if (p.type === 'adradiussuggestion') {
      const q = params(p, z.object({ latitude: z.coerce.number().min(-90).max(90), longitude: z.coerce.number().min(-180).max(180), distance_unit: z.enum(['kilometer', 'mile']) }).passthrough());
      return ok({ data: [{ suggested_radius: q.distance_unit === 'mile' ? 12 : 19, distance_unit: q.distance_unit }] });
    }
    throw new Problem(`undocumented search type ${p.type}`);
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const method = req.method ?? 'GET';
    const p: Params = Object.fromEntries(url.searchParams);
    if (method === 'POST') {
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) problems.push(`POST ${url.pathname} not form-encoded`);
      Object.assign(p, Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    }
    const prefix = `/${DOCUMENTED_VERSION}/`;
    const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : null;
    requests.push({ method, path: path ?? url.pathname, params: p });
    const send = (a: Answer) => {
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(typeof a.body === 'string' ? a.body : JSON.stringify(a.body));
    };
    const i = overrides.findIndex((o) => o.path.test(path ?? url.pathname));
    if (i >= 0) {
      const [o] = overrides.splice(i, 1);
      if (o!.delayMs) await new Promise((r) => setTimeout(r, o!.delayMs));
      if (o!.answer) return send(o!.answer);
    }
    if (path === null) {
      problems.push(`${method} ${url.pathname}: not under /${DOCUMENTED_VERSION}/`);
      return send({ status: 400, body: graphError(2635, `Unknown API version in ${url.pathname}`) });
    }
    try {
      send(route(method, path, p));
    } catch (err) {
      if (!(err instanceof Problem)) throw err;
      problems.push(`${method} /${path}: ${err.message}`);
      send({ status: 400, body: graphError(100, `fake-graph: ${err.message}`, { type: 'GraphMethodException' }) });
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    audiences,
    problems,
    failNext: (path, status, body) => overrides.push({ path, answer: { status, body } }),
    delayNext: (path, ms) => overrides.push({ path, delayMs: ms }),
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

function ok(body: unknown): Answer {
  return { status: 200, body };
}

const AD_ACCOUNTS: Record<string, object> = {
  '111': { id: 'act_111', account_id: '111', name: 'Konzerthaus EUR', currency: 'EUR', account_status: 1, timezone_name: 'Europe/Berlin', user_tasks: ['MANAGE', 'ADVERTISE', 'ANALYZE'] },
  '222': { id: 'act_222', account_id: '222', name: 'Konzerthaus CHF', currency: 'CHF', account_status: 1, timezone_name: 'Europe/Zurich', user_tasks: ['ADVERTISE', 'ANALYZE'] },
  '333': { id: 'act_333', account_id: '333', name: 'Agency account', currency: 'EUR', account_status: 1, timezone_name: 'Europe/Berlin', user_tasks: ['ANALYZE'] },
};

// spec 2 §7 "Generation and geo": the geo lookups of the targeting dialogs (contracts:
// src/lib/contracts/fb-targeting.ts). The wave permission comes from API_RULES
// (/api/v3/fb_targeting/*); answers come from the configured ad platform (sandbox by default).
import { Hono } from 'hono';
import { currentTime } from '../../lib/clock';
import {
  type Location,
  LocationSearchBody,
  SuggestedRadiusQuery,
  ZipCodeMatchingBody,
  splitZips,
} from '../../lib/contracts/fb-targeting';
import { MetaError, adPlatform } from '../adapters/meta';
import { matchZips, suggestedRadius } from '../adapters/meta/geo/targeting-lookups';
import { sandboxToken } from '../adapters/meta/sandbox';
import type { Db } from '../db/client';
import { partnerToken } from '../modules/meta-connect';
import type { AdPlatform, GeoLocation } from '../adapters/meta/types';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

/** The access token a partner's lookups are made with. */
export type LookupTokenSource = (partnerId: number, platform: AdPlatform) => Promise<string>;

let tokenSource: LookupTokenSource | undefined;

/**
 * Tests point lookups at the fake Graph's token here. Undefined restores the default: the
 * partner's stored Meta connection (meta-connect partnerToken), else in the sandbox a sandbox
 * token for the partner, else the "log in to Meta" error, since Meta answers no lookup without a
 * token.
 */
export function setLookupTokenSource(source?: LookupTokenSource): void {
  tokenSource = source;
}

async function lookupToken(db: Db, partnerId: number, platform: AdPlatform): Promise<string> {
  if (tokenSource) return tokenSource(partnerId, platform);
  const stored = await partnerToken(db, partnerId, currentTime());
  if (stored) return stored;
  // The sandbox answers lookups before anything is connected, so the demo's dialogs work at once.
  if (platform.kind === 'sandbox') return sandboxToken(String(partnerId), currentTime());
  throw new MetaError('invalid_token', 'No Meta account is connected. Please connect one on the Meta assets page.');
}

/** Our location in the spec's wire names (spec 2 §3 Location). */
export function toWireLocation(l: GeoLocation): Location {
  return {
    key: l.key,
    name: l.name,
    type: l.type,
    region: l.region,
    region_id: l.regionId,
    country_code: l.countryCode,
    country_name: l.countryName,
    primary_city: l.primaryCity,
    primary_city_id: l.primaryCityId,
    latitude: l.latitude,
    longitude: l.longitude,
  };
}

async function platformFor(c: { var: Env['Variables'] }) {
  const viewer = partnerViewerOf(c);
  const platform = adPlatform();
  return { platform, token: await lookupToken(c.var.db, viewer.partner.id, platform) };
}

/** /api/v3/fb_targeting */
export const fbTargetingRouter = new Hono<Env>()
  .post('/zip_code_matching', validate('json', ZipCodeMatchingBody), async (c) => {
    const body = c.req.valid('json');
    const { platform, token } = await platformFor(c);
    const res = await matchZips(platform, token, body.country_code, splitZips(body.zips));
    return c.json({ matched_zips: res.matched.map(toWireLocation), unmatched_zips: res.unmatched });
  })
  .post('/search', validate('json', LocationSearchBody), async (c) => {
    const body = c.req.valid('json');
    const { platform, token } = await platformFor(c);
    const results = await platform.searchLocations(token, { q: body.q, types: body.location_types, countryCode: body.country_code, limit: body.limit });
    return c.json({ results: results.map(toWireLocation) });
  })
  .get('/suggested_radius', validate('query', SuggestedRadiusQuery), async (c) => {
    const q = c.req.valid('query');
    const { platform, token } = await platformFor(c);
    const { location, suggestion } = await suggestedRadius(platform, token, q.location, q.distance_unit);
    return c.json({ suggest_radius: suggestion.radius, distance_unit: suggestion.unit, location: toWireLocation(location) });
  });

// The documented Graph answers the client reads, as zod schemas. An answer that does not match is
// refused whole (errors.ts malformedResponse) rather than half-read. Unknown extra fields pass.
import { z } from 'zod';

/** Graph ids are numeric strings; some edges answer numbers (region_id). */
const Id = z.union([z.string().min(1), z.number().int()]).transform(String);

export const Created = z.object({ id: Id });
export const Success = z.object({ success: z.boolean() });

export const AccessToken = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
});

export const Me = z.object({ id: Id, name: z.string().default('') });

export const PageRow = z.object({
  id: Id,
  name: z.string(),
  tasks: z.array(z.string()).optional(),
  instagram_business_account: z.object({ id: Id, username: z.string().optional() }).optional(),
});

export const PageToken = z.object({ id: Id, access_token: z.string().min(1) });

export const AdAccountRow = z.object({
  id: z.string().startsWith('act_'),
  account_id: Id,
  name: z.string(),
  currency: z.string().length(3),
  account_status: z.number().int(),
  timezone_name: z.string().optional(),
  user_tasks: z.array(z.string()).optional(),
});

export const PixelRow = z.object({ id: Id, name: z.string() });

export const InstagramRow = z.object({ id: Id, username: z.string() });

export const LeadFormRow = z.object({ id: Id, name: z.string(), status: z.string().optional() });

export const CustomConversionRow = z.object({
  id: Id,
  name: z.string(),
  custom_event_type: z.string().optional(),
  pixel: z.object({ id: Id }).optional(),
});

export const AudienceRow = z.object({
  id: Id,
  name: z.string(),
  subtype: z.string().optional(),
  approximate_count_lower_bound: z.number().optional(),
});

export const PageInfo = z.object({
  name: z.string(),
  picture: z.object({ data: z.object({ url: z.string().optional() }) }).optional(),
});

export const GeoRow = z.object({
  key: Id,
  name: z.string(),
  type: z.string(),
  country_code: z.string().optional(),
  country_name: z.string().optional(),
  region: z.string().optional(),
  region_id: Id.optional(),
  primary_city: z.string().optional(),
  primary_city_id: Id.optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
});

export const GeoSearch = z.object({ data: z.array(GeoRow) });

/** `search?type=adgeolocationmeta`: metadata per asked key, by location type. */
export const GeoMeta = z.object({
  data: z.object({ zips: z.record(z.string(), GeoRow).optional() }),
});

export const RadiusSuggestion = z.object({
  data: z.array(z.object({ suggested_radius: z.number().positive(), distance_unit: z.enum(['kilometer', 'mile']) })).min(1),
});

export const Previews = z.object({ data: z.array(z.object({ body: z.string() })).min(1) });

const Action = z.object({ action_type: z.string(), value: z.string() });

/** Insights values are strings (documented), even the counts. */
export const InsightsRow = z.object({
  impressions: z.string().optional(),
  clicks: z.string().optional(),
  spend: z.string().optional(),
  actions: z.array(Action).optional(),
  action_values: z.array(Action).optional(),
  date_start: z.string(),
  date_stop: z.string(),
});

export const Insights = z.object({ data: z.array(InsightsRow) });

export const AdImages = z.object({
  images: z.record(z.string(), z.object({ hash: z.string().min(1), url: z.string().optional() })),
});

export const AdSetTargeting = z.object({ id: Id, targeting: z.record(z.string(), z.unknown()) });

/** POST {audience-id}/users: what one batch of an upload session did. */
export const AudienceUsers = z.object({
  audience_id: Id,
  session_id: z.union([z.string(), z.number()]).optional(),
  num_received: z.number().int().min(0),
  num_invalid_entries: z.number().int().min(0),
  invalid_entry_samples: z.record(z.string(), z.unknown()).or(z.array(z.unknown())).optional(),
});

// spec 1 §7 GET /features, /permissions, /profile, PUT /profile, /profile/my-groups, /partners/,
// /messages/totalunread, PUT /partners/attribution_model; GET and PUT /partners/registration
// (settings #system: open registration); GET and PUT /partners/calendar, GET
// /partners/calendar/regions (settings #system: the forecast's country and region, issue 25).
import { Hono } from 'hono';
import { EmailChangeConfirmRequest, EmailChangeRequest, UpdateProfileRequest } from '../../lib/contracts/auth';
import { confirmEmailChange, requestEmailChange } from '../modules/auth/email-change';
import { getProfile, permissionList, totalUnread, updateProfile } from '../modules/auth/profile';
import type { Env } from './env';
import { partnerViewerOf, viewerOf } from './middleware';
import { validate } from './validate';
import { z } from 'zod';
import { ATTRIBUTION_MODELS } from '../../lib/attribution';
import { setAttributionModel } from '../modules/partners/attribution';
import { getRegistrationSetting, setOpenRegistration } from '../modules/partners/registration';
import { CalendarRegionsQuery, CalendarSettingRequest, RegistrationSettingRequest } from '../../lib/contracts/partners';
import { getCalendarSetting, regionsOf, storeCalendar } from '../modules/partners/calendar';
import { enqueueForecastRecompute } from '../modules/forecast/tasks';

const AttributionModelQuery = z.object({ model: z.string().toUpperCase().pipe(z.enum(ATTRIBUTION_MODELS)) });

export const profileRouter = new Hono<Env>()
  .get('/permissions', (c) => c.json(permissionList(partnerViewerOf(c))))
  .get('/features', (c) => c.json(partnerViewerOf(c).features))
  .get('/profile', async (c) => c.json(await getProfile(c.var.db, viewerOf(c))))
  .put('/profile', validate('json', UpdateProfileRequest), async (c) => c.json(await updateProfile(c.var.db, viewerOf(c), c.req.valid('json'))))
  // issue 3 §4: email change = password re-authentication + a code sent to the new address.
  .post('/profile/email', validate('json', EmailChangeRequest), async (c) => {
    const b = c.req.valid('json');
    await requestEmailChange(c.var.db, viewerOf(c), b.new_email, b.password);
    return c.json({ success: true });
  })
  .post('/profile/email/confirm', validate('json', EmailChangeConfirmRequest), async (c) => {
    const viewer = viewerOf(c);
    await confirmEmailChange(c.var.db, viewer, c.req.valid('json').code);
    return c.json(await getProfile(c.var.db, viewer));
  })
  .get('/profile/my-groups', (c) => c.json(viewerOf(c).memberships))
  .get('/partners', (c) => c.json(partnerViewerOf(c).partner))
  // The settings permission is checked by prefix (src/lib/routes.ts API_RULES).
  .put('/partners/attribution_model', validate('query', AttributionModelQuery), async (c) => {
    await setAttributionModel(c.var.db, partnerViewerOf(c), c.req.valid('query').model);
    return c.body(null, 204);
  })
  // Open registration: the settings permission is checked by prefix (src/lib/routes.ts API_RULES).
  .get('/partners/registration', async (c) => c.json(await getRegistrationSetting(c.var.db, partnerViewerOf(c).partner.id)))
  .put('/partners/registration', validate('json', RegistrationSettingRequest), async (c) =>
    c.json(await setOpenRegistration(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('json').open_registration)),
  )
  // The forecast's calendar: the settings permission is checked by prefix (src/lib/routes.ts API_RULES).
  .get('/partners/calendar', async (c) => {
    const viewer = partnerViewerOf(c);
    return c.json(await getCalendarSetting(c.var.db, viewer.partner.id, viewer.language));
  })
  .get('/partners/calendar/regions', validate('query', CalendarRegionsQuery), (c) => {
    const { country } = c.req.valid('query');
    return c.json({ country, regions: regionsOf(country, partnerViewerOf(c).language) });
  })
  .put('/partners/calendar', validate('json', CalendarSettingRequest), async (c) => {
    const viewer = partnerViewerOf(c);
    const { country, region } = c.req.valid('json');
    // Every holiday feature may move: the partner's forecasts are recomputed in the background.
    if (await storeCalendar(c.var.db, viewer.partner.id, country, region)) await enqueueForecastRecompute(c.var.db, viewer.partner.id);
    return c.json(await getCalendarSetting(c.var.db, viewer.partner.id, viewer.language));
  })
  .get('/messages/totalunread', async (c) => c.json({ total_unread: await totalUnread(c.var.db, partnerViewerOf(c)) }));

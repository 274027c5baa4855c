// The package builder's demo mode (spec 3 §2 "A demo mode for certain partner client ids shows fixed
// sample data with a demo package id and export disabled", §6; docs/PACKAGE-BUILDER.md "Demo mode").
// A viewer is in demo mode when the feature flag `package-builder.demo` holds for them (a partner
// row: a demo/trial partner; a user row: one trial account). Such a viewer sees exactly one package,
// the fixed sample below (DEMO_PACKAGE_ID), never the partner's real packages; building, regenerating
// and merging are refused (error.packages.demo_mode) and every export of the sample is refused
// (error.packages.demo_export_disabled). The sample is made up here, not read from any partner's
// data: no customer id, name or email of anybody can reach a demo viewer through it.
import { DEMO_PACKAGE_ID, type Package, type PackageListItem, type TopEvent, type Variation } from '../../../lib/contracts/packages';
import { AppError } from '../../lib/errors';

export { DEMO_PACKAGE_ID };

/** The flag that puts a partner (partner row) or one account (user row) in demo mode. */
export const DEMO_FLAG = 'package-builder.demo';

/** Whether the viewer's resolved features (partner flags, then the user's overrides) say demo mode. */
export function isPackageDemo(features: Readonly<Record<string, boolean>> | undefined | null): boolean {
  return features?.[DEMO_FLAG] === true;
}

/** 403 for anything that would build a package in demo mode (create, regenerate, merge). */
export const demoModeRefused = () =>
  new AppError(403, 'error.packages.demo_mode', 'This account shows the package builder in demo mode: it shows a sample package and builds no packages.');

/** 403 for the sample package's CSV and CRM export. */
export const demoExportRefused = () =>
  new AppError(403, 'error.packages.demo_export_disabled', 'The sample package of the demo mode cannot be exported.');

const DAY = 86_400_000;

interface SampleEvent {
  id: string;
  title: string;
  /** Days after the start of the viewing day (UTC), and the start time. */
  inDays: number;
  at: string;
  venue: string;
  hall: string;
  keywords: string[];
}

// Fixed sample events: made-up titles and places, ids that name no event (`demo-…`).
const EVENTS: readonly SampleEvent[] = [
  { id: 'demo-event-1', title: 'Sample Symphony Night', inDays: 12, at: '19:30', venue: 'Sample Concert Hall', hall: 'Main Hall', keywords: ['orchestra', 'classical', 'symphony'] },
  { id: 'demo-event-2', title: 'Sample Chamber Matinee', inDays: 19, at: '11:00', venue: 'Sample Concert Hall', hall: 'Chamber Hall', keywords: ['chamber music', 'strings', 'matinee'] },
  { id: 'demo-event-3', title: 'Sample Family Concert', inDays: 26, at: '15:00', venue: 'Sample Concert Hall', hall: 'Main Hall', keywords: ['family', 'children', 'storytelling'] },
  { id: 'demo-event-4', title: 'Sample Jazz Evening', inDays: 33, at: '20:00', venue: 'Sample Club Stage', hall: 'Club', keywords: ['jazz', 'quartet', 'late night'] },
  { id: 'demo-event-5', title: 'Sample Film Music Gala', inDays: 40, at: '19:00', venue: 'Sample Arena', hall: 'Arena', keywords: ['film music', 'gala', 'orchestra'] },
];

interface SampleVariation {
  title: string;
  keywords: string[];
  events: string[];
  n_customers: number;
  n_opted_out: number;
  median_basket_size: number;
  median_ticket_price: number;
  median_num_events_per_year: number;
  median_days_upfront: number;
}

// Fixed sample variations: their numbers are invented, not counted from anybody's customers.
const VARIATIONS: readonly SampleVariation[] = [
  { title: 'Classical Regulars', keywords: ['orchestra', 'symphony', 'subscription'], events: ['demo-event-1', 'demo-event-2', 'demo-event-5'], n_customers: 1840, n_opted_out: 37, median_basket_size: 2, median_ticket_price: 48.5, median_num_events_per_year: 6, median_days_upfront: 41 },
  { title: 'Family Weekends', keywords: ['family', 'children', 'weekend'], events: ['demo-event-3', 'demo-event-5', 'demo-event-2'], n_customers: 1215, n_opted_out: 22, median_basket_size: 4, median_ticket_price: 19, median_num_events_per_year: 3, median_days_upfront: 24 },
  { title: 'Jazz Discoverers', keywords: ['jazz', 'late night', 'new audiences'], events: ['demo-event-4', 'demo-event-1', 'demo-event-5'], n_customers: 960, n_opted_out: 15, median_basket_size: 2, median_ticket_price: 29, median_num_events_per_year: 2, median_days_upfront: 9 },
];

/** The sample's title in the user's language. */
export function demoTitle(language: 'en' | 'de'): string {
  return language === 'de' ? 'Beispielpaket (Demo)' : 'Sample package (demo)';
}

/** The start of the viewing day (UTC): the sample's dates move with the calendar so its events stay upcoming. */
const dayStart = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

function startOf(e: SampleEvent, now: Date): string {
  const [h, m] = e.at.split(':').map(Number);
  return new Date(dayStart(now) + e.inDays * DAY + (h * 60 + m) * 60_000).toISOString();
}

function packageEvents(now: Date): Package['events'] {
  return EVENTS.map((e) => ({ id: e.id, eid: e.id.toUpperCase(), title: e.title, start_date_time: startOf(e, now), hall_name: e.hall, venue_name: e.venue }));
}

function variations(now: Date): Variation[] {
  const byId = new Map(EVENTS.map((e) => [e.id, e]));
  return VARIATIONS.map((v) => {
    const tops: Record<string, TopEvent> = {};
    v.events.forEach((id, i) => {
      const e = byId.get(id)!;
      tops[`top_event_${i + 1}`] = { title: e.title, event_id: e.id, start_date_time: startOf(e, now), hall_name: e.hall, venue_name: e.venue, keywords: e.keywords };
    });
    return {
      title: v.title,
      slug: v.title.trim().toLowerCase().replace(/\s+/g, '-'),
      campaign: { keywords: v.keywords },
      median_basket_size: v.median_basket_size,
      median_ticket_price: v.median_ticket_price,
      median_num_events_per_year: v.median_num_events_per_year,
      median_days_upfront: v.median_days_upfront,
      event_ids: v.events,
      n_customers: v.n_customers,
      n_opted_out: v.n_opted_out,
      ...tops,
    } as Variation;
  });
}

/** The sample package (done, never expiring) as GET /package_builder/packages/{DEMO_PACKAGE_ID} answers it. */
export function demoPackage(language: 'en' | 'de', now: Date): Package {
  const built = new Date(dayStart(now)).toISOString();
  const content = variations(now);
  return {
    id: DEMO_PACKAGE_ID,
    title: demoTitle(language),
    status: 'done',
    num_packages: content.length,
    n_top_events: 3,
    n_customers: VARIATIONS.reduce((n, v) => n + v.n_customers, 0),
    events: packageEvents(now),
    targeting_mode: 'selective_mode',
    merge_id: null,
    filter_settings: { exclude_ticket_categories: ['free'] },
    content,
    task_id: null,
    created_at: built,
    finished_at: built,
    expires_at: null,
    error: null,
    demo: true,
  };
}

/** The sample as a row of the package list. */
export function demoListItem(language: 'en' | 'de', now: Date): PackageListItem {
  const { content: _content, filter_settings: _filters, ...item } = demoPackage(language, now);
  return item;
}

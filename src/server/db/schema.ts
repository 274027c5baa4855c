// One pg-core schema for both drivers (PGlite embedded, PostgreSQL server).
// Every partner-owned table carries partner_id NOT NULL (ARCHITECTURE.md §3 Tenancy).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type { CampaignCounterfactual } from '../engines/delivery/counterfactual';
import type { CampaignClusterAudience } from '../../lib/campaigns/cluster-audience';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

// spec 1 §1 partner details
export const partners = pgTable('partners', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  domain: text('domain').notNull(),
  product: text('product', { enum: ['prisma', 'full-service'] }).notNull(),
  campaignRecommendations: boolean('campaign_recommendations').notNull().default(false),
  demandPrediction: boolean('demand_prediction').notNull().default(true),
  vertical: text('vertical').notNull().default('live-entertainment'),
  // spec 2 §4: FD, META or EXTERNAL (src/lib/attribution.ts).
  attributionModelDefault: text('attribution_model_default').notNull().default('FD'),
  currency: text('currency').notNull().default('EUR'),
  language: text('language').notNull().default('de'),
  /**
   * Self-registration (/partners/{id}/register) is limited to addresses of `domain` and its
   * subdomains unless a partner admin opens it to every address (settings #system).
   */
  openRegistration: boolean('open_registration').notNull().default(false),
  /**
   * Where the partner's events take place, for the public holidays the demand forecast reads
   * (issue 25): ISO 3166-1 alpha-2 country, and optionally a region of it as date-holidays names
   * its states (DE NW, GB ENG) for regional holidays. Null: not set, German holidays are used.
   */
  country: text('country'),
  region: text('region'),
  createdAt: createdAt(),
});

// spec 1 §3 user and profile fields
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  givenName: text('given_name').notNull(),
  familyName: text('family_name').notNull(),
  language: text('language').notNull().default('en'),
  zoneinfo: text('zoneinfo').notNull().default('Europe/Berlin'),
  locale: text('locale').notNull().default('de-DE'),
  campNoticePeriod: integer('camp_notice_period').notNull().default(7),
  multiPartnerView: text('multi_partner_view').notNull().default('name'),
  emailVerified: boolean('email_verified').notNull().default(false),
  // active | disabled (account-disabled group) | external (external-user group): spec 1 §4.1
  status: text('status', { enum: ['active', 'disabled', 'external'] }).notNull().default('active'),
  isAdmin: boolean('is_admin').notNull().default(false),
  isBackOfficeAdmin: boolean('is_back_office_admin').notNull().default(false),
  needsUpdate: boolean('needs_update').notNull().default(false),
  // MFA: settings shape of spec 1 §3; secrets arrive encrypted (issue 3)
  mfaRequired: boolean('mfa_required').notNull().default(false),
  mfaPreferred: text('mfa_preferred'),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  emailOtpEnabled: boolean('email_otp_enabled').notNull().default(false),
  totpSecretEnc: text('totp_secret_enc'),
  // A TOTP secret offered by GET /auth/mfa/configure/totp, active only after a code proves it.
  totpPendingEnc: text('totp_pending_enc'),
  // Last accepted TOTP time-step: a code is accepted once (issue 3, no replay).
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  // spec 1 §2.4 /setpassword: NEW_PASSWORD_REQUIRED at the next sign-in.
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: ts('locked_until'),
  createdAt: createdAt(),
});

export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    accessLevel: text('access_level').notNull().default('webapp-access-group-1'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.partnerId] }), index('memberships_partner_idx').on(t.partnerId)],
);

// Permissions are per membership (a user may hold different modules at different partners).
export const permissions = pgTable(
  'permissions',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.partnerId, t.name] })],
);

// Feature flags: a row without user_id holds for the whole partner; a user row overrides it.
export const featureFlags = pgTable(
  'feature_flags',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [unique('feature_flags_scope_uq').on(t.partnerId, t.userId, t.name).nullsNotDistinct()],
);

// A session is one signed-in browser or bearer client. Only hashes of tokens are stored, so a
// database leak does not hand out sessions. family_id ties rotated refresh tokens together.
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    refreshHash: text('refresh_hash').unique(),
    familyId: uuid('family_id').notNull().defaultRandom(),
    mfaVerified: boolean('mfa_verified').notNull().default(false),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** When this row (one access token) was issued: a renewal writes a new row. */
    createdAt: createdAt(),
    /**
     * When the user signed in: the same on every row of the family (renewals and privilege
     * changes copy it), so the sessions list shows the sign-in, not the last renewal.
     */
    signedInAt: ts('signed_in_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    refreshExpiresAt: ts('refresh_expires_at'),
    revokedAt: ts('revoked_at'),
    /** When the refresh token was spent by a renewal (revokedAt is set too): starts the reuse grace. */
    rotatedAt: ts('rotated_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_family_idx').on(t.familyId)],
);

// An answered-or-pending sign-in challenge (NEW_PASSWORD_REQUIRED, SOFTWARE_TOKEN_MFA, EMAIL_OTP,
// MFA_SETUP). Issue 3 answers them; the foundation already hands them out.
export const authChallenges = pgTable('auth_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  sessionHash: text('session_hash').notNull().unique(),
  codeHash: text('code_hash'),
  attempts: smallint('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  // MFA method a challenge waits for (EMAIL_OTP / SOFTWARE_TOKEN_MFA); null for other kinds.
  method: text('method'),
  createdAt: createdAt(),
});

// One-time codes sent by mail: email OTP, forgot password, registration confirmation, email
// change. Only the hash is stored; a code dies after 5 wrong tries or when a newer one is sent.
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['mfa', 'reset', 'register', 'email_change'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** For email_change: the new address the code was sent to. */
    target: text('target'),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_codes_user_idx').on(t.userId, t.purpose)],
);

// Remembered devices (issue 3): a device that passed MFA with remember_device skips the code
// for 30 days. Both keys are stored hashed.
export const rememberedDevices = pgTable(
  'remembered_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    deviceKeyHash: text('device_key_hash').notNull().unique(),
    groupKeyHash: text('group_key_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('remembered_devices_user_idx').on(t.userId)],
);

// Rate limits and lockouts (issue 3), in the database so every process shares them. A row is a
// fixed window (count since window_start) or, for lockouts, consecutive failures + locked_until.
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: ts('window_start').notNull(),
  lockedUntil: ts('locked_until'),
});

// Every mail the server sends (issue 3 Mail). Without SMTP_URL mails stay here and in the log.
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    // Readable copies only in the demo (the development mailbox shows them); otherwise null.
    subject: text('subject'),
    text: text('text'),
    html: text('html'),
    /** Outside the demo: {subject, text, html} sealed with AES-256-GCM until sent, then null. */
    sealed: text('sealed'),
    template: text('template').notNull(),
    language: text('language').notNull(),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('outbox_pending_idx').on(t.sentAt, t.createdAt)],
);

// Background work (ARCHITECTURE.md §3 Tasks): Celery-style states, claimed FOR UPDATE SKIP LOCKED.
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    status: text('status', { enum: ['PENDING', 'STARTED', 'PROGRESS', 'SUCCESS', 'FAILURE', 'REVOKED', 'RETRY'] })
      .notNull()
      .default('PENDING'),
    result: jsonb('result'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: ts('run_after').notNull().defaultNow(),
    lockedAt: ts('locked_at'),
    lockedBy: text('locked_by'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('tasks_claim_idx').on(t.status, t.runAfter)],
);

export const venues = pgTable(
  'venues',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    city: text('city').notNull(),
    location: text('location').notNull(),
  },
  (t) => [index('venues_partner_idx').on(t.partnerId)],
);

export const halls = pgTable(
  'halls',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id').notNull().references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
  },
  (t) => [index('halls_partner_idx').on(t.partnerId)],
);

export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    eid: text('eid').notNull(),
    title: text('title').notNull(),
    // spec categories; 'product' and 'uncategorized' rows show a date label and no time (spec 1 §2.9)
    category: text('category').notNull(),
    startDateTime: ts('start_date_time').notNull(),
    hallId: integer('hall_id').references(() => halls.id, { onDelete: 'set null' }),
    capacity: integer('capacity').notNull(),
    frontendStatus: text('frontend_status', { enum: ['DEFAULT', 'FLAGGED', 'HIDDEN', 'CANCELLED'] })
      .notNull()
      .default('DEFAULT'),
    source: text('source', { enum: ['api', 'manual'] }).notNull().default('api'),
    /** spec 2 §4: the event's own attribution model (FD, META, EXTERNAL); null follows the partner's. */
    attributionModel: text('attribution_model'),
    // What the campaign-side service last heard from the console (spec 1 §4.3 mirror call).
    campaignSideStatus: text('campaign_side_status', { enum: ['RUNNING', 'CANCELLED'] }),
    // spec 3 §3 event details kept by the event editor and the simulation; lineups and setlists
    // are only ever read and written whole with their event, so jsonb rather than tables.
    description: text('description').notNull().default(''),
    /** Average ticket price in the partner's currency (major units, two decimals: float4 holds only ~7 digits). */
    price: doublePrecision('price'),
    lineups: jsonb('lineups').$type<{ artist_name: string; artist_type: string }[]>().notNull().default([]),
    setlists: jsonb('setlists').$type<{ artist_name: string; track: string }[]>().notNull().default([]),
    /** IANA zone the form's local date and time were entered in. */
    timezone: text('timezone'),
    /**
     * The event's id in the partner's ticketing system when it came in through the history import
     * (src/server/modules/history-import): a re-import finds the event by it and updates it.
     * Null for every other event; NULLs do not collide in the unique index.
     */
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('events_partner_start_idx').on(t.partnerId, t.startDateTime),
    unique('events_partner_eid_uq').on(t.partnerId, t.eid),
    unique('events_partner_external_uq').on(t.partnerId, t.externalId),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    birthYear: smallint('birth_year'),
    createdAt: createdAt(),
    // spec 3 §3 customer result table and detail (Sentinel); all optional in the partner's data.
    salutation: text('salutation'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    street: text('street'),
    /** ISO 3166-1 alpha-2. */
    country: text('country'),
    email: text('email'),
    email2: text('email_2'),
    phone1: text('phone1'),
    phone2: text('phone2'),
    adsOptOut: boolean('ads_opt_out').notNull().default(false),
  },
  (t) => [unique('customers_partner_ext_uq').on(t.partnerId, t.externalId)],
);

// spec 3 §3 customer custom properties: free label/content pairs from the partner's CRM (the
// "ccp" entity of Sentinel's query summary).
export const customerProperties = pgTable(
  'customer_properties',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    customerId: bigint('customer_id', { mode: 'number' }).notNull().references(() => customers.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    content: text('content').notNull(),
  },
  (t) => [
    index('customer_properties_label_idx').on(t.partnerId, t.label, t.content),
    index('customer_properties_customer_idx').on(t.customerId),
  ],
);

// spec 1 §3 ticket types; price_category is the hall's seat category (numeric 1–15 or a name).
export const TICKET_TYPES = ['subscription', 'regular', 'regular_discount', 'discount', 'cancelled', 'free', 'reserved'] as const;

export const ticketTransactions = pgTable(
  'ticket_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id, { onDelete: 'set null' }),
    soldAt: ts('sold_at').notNull(),
    quantity: integer('quantity').notNull(),
    ticketType: text('ticket_type', { enum: TICKET_TYPES }).notNull(),
    priceCategory: text('price_category').notNull(),
    // bigint: a day's revenue of a large event passes int4's 21 million (in minor units).
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    // 'campaign': tickets the sandbox's campaign delivery sold (issue 22), so every screen sees them.
    source: text('source', { enum: ['api', 'manual', 'campaign'] }).notNull().default('api'),
    /** The campaign row (ad set) whose sandbox delivery sold these tickets. */
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    // spec 3 §3 transaction result table (Sentinel); absent from sales uploads and manual entries.
    invoiceId: text('invoice_id'),
    paymentMethod: text('payment_method'),
    seatId: text('seat_id'),
    /** List price before the discount, minor units; set for discounted ticket types. */
    groundPriceMinor: bigint('ground_price_minor', { mode: 'number' }),
    discountMinor: bigint('discount_minor', { mode: 'number' }),
  },
  (t) => [
    index('tx_partner_event_idx').on(t.partnerId, t.eventId, t.soldAt),
    index('tx_customer_idx').on(t.customerId),
    // Sentinel (issue 15, docs/PERFORMANCE.md): its day conditions are ranges on sold_at…
    index('tx_partner_sold_idx').on(t.partnerId, t.soldAt),
    // …its ticket-type conditions name the customers of one type…
    index('tx_partner_type_customer_idx').on(t.partnerId, t.ticketType, t.customerId),
    // …and its totals per customer read these columns only: an index-only scan of the partner's
    // range instead of the table (drizzle-kit has no INCLUDE, so they are key columns).
    index('tx_partner_customer_totals_idx').on(t.partnerId, t.customerId, t.soldAt, t.eventId, t.quantity, t.amountMinor),
    // A deleted campaign sets its tickets' campaign_id null: without this it would scan every row.
    index('tx_campaign_idx').on(t.campaignId).where(sql`campaign_id IS NOT NULL`),
  ],
);

// One row per accepted sales spreadsheet: the hash of its normalised content refuses a second
// upload of the same data for the same event (spec 3 §8 already_exist).
export const salesUploads = pgTable(
  'sales_uploads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    contentHash: text('content_hash').notNull(),
    transactions: integer('transactions').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('sales_uploads_event_hash_uq').on(t.eventId, t.contentHash)],
);

// The stored demand forecast of an event (src/server/engines/forecast), recomputed by the
// forecast.recompute task when sales or details change and nightly. Shares are percent of capacity.
export const eventForecasts = pgTable(
  'event_forecasts',
  {
    eventId: text('event_id').primaryKey().references(() => events.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    computedAt: ts('computed_at').notNull().defaultNow(),
    daysOut: integer('days_out'),
    ticketsSold: integer('tickets_sold').notNull().default(0),
    nowValue: real('now_value'),
    nowBenchmark: real('now_benchmark'),
    predictionValue: real('prediction_value'),
    predictionBenchmark: real('prediction_benchmark'),
    predictedTickets: integer('predicted_tickets'),
    /** 80 % interval of the predicted final share (percent), from the chosen method's backtest residuals. */
    intervalLow: real('interval_low'),
    intervalHigh: real('interval_high'),
    /** Tickets the forecast is usually (80 % of the time) within at this many days out. */
    expectedError: integer('expected_error'),
    state: text('state', { enum: ['below', 'on_track', 'above', 'sold_out', 'finished', 'no_data'] }).notNull(),
    comparables: integer('comparables').notNull().default(0),
    /** Comparable events' cumulative share (percent) at 0, 1, 2, … days out. */
    benchmarkCurve: jsonb('benchmark_curve').$type<number[]>().notNull().default([]),
    /** Predicted cumulative share (percent) from today (index 0 = days_out) down to the start. */
    predictedPath: jsonb('predicted_path').$type<number[]>().notNull().default([]),
    modelVersion: text('model_version').notNull(),
  },
  (t) => [index('event_forecasts_partner_idx').on(t.partnerId, t.state)],
);

// Marketing campaigns per event (spec 1 §3 Event campaign fields, §4.3 classification). The
// campaigns module (spec 2) owns these rows; the events list reads the badge and the dashboard
// its statistics from them.
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: ['ACTIVE', 'PAUSED', 'DRAFT'] }).notNull(),
    optimisationStatus: text('optimisation_status', { enum: ['ACTIVE', 'PAUSED'] }).notNull().default('ACTIVE'),
    startTime: ts('start_time').notNull(),
    stopTime: ts('stop_time').notNull(),
    adsets: integer('adsets').notNull().default(0),
    spendMinor: bigint('spend_minor', { mode: 'number' }).notNull().default(0),
    purchases: integer('purchases').notNull().default(0),
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    // Issue 14: what a boost (spec 2 §4 Publishing) writes, one row per taste cluster (= ad set).
    tc: integer('tc'),
    tcRunId: integer('tc_run_id'),
    setupProcessId: uuid('setup_process_id').references(() => setupProcesses.id, { onDelete: 'set null' }),
    metaCampaignId: text('meta_campaign_id'),
    metaAdsetId: text('meta_adset_id'),
    metaCreativeId: text('meta_creative_id'),
    metaAdId: text('meta_ad_id'),
    /** Lifetime budget of this row's ad set, minor units of `currency`. */
    budgetMinor: bigint('budget_minor', { mode: 'number' }),
    publishedAt: ts('published_at'),
    // Issue 22, delivery: people the ad set reaches, the last day whose delivery is stored in
    // campaign_delivery, and FD's counterfactual frozen at publish time (engines/delivery).
    audienceSize: integer('audience_size'),
    deliveredThrough: date('delivered_through', { mode: 'string' }),
    counterfactual: jsonb('counterfactual').$type<CampaignCounterfactual>(),
    // Issue 22: how a taste-cluster (fd_targeting) ad set reached its members — the Meta custom
    // audience of the cluster, or why it fell back to the area around the venue
    // (setup-process/cluster-audience.ts). Null for postal-code and radius targeting.
    clusterAudience: jsonb('cluster_audience').$type<CampaignClusterAudience>(),
  },
  (t) => [
    index('campaigns_partner_idx').on(t.partnerId, t.status),
    index('campaigns_event_idx').on(t.eventId),
    index('campaigns_setup_idx').on(t.setupProcessId),
  ],
);

// Issue 22: what each ad set delivered per day, from the sandbox's simulation or Meta's Insights
// API. The campaign row's spend, purchases and revenue are the sums of these rows, so the
// dashboard, the events list, the statistics panel and the PDF read one set of numbers.
export const campaignDelivery = pgTable(
  'campaign_delivery',
  {
    campaignId: uuid('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    spendMinor: bigint('spend_minor', { mode: 'number' }).notNull().default(0),
    purchases: integer('purchases').notNull().default(0),
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
    leads: integer('leads').notNull().default(0),
    /** Sandbox only: tickets the campaign caused (the ground truth of the attribution proof). */
    causedTickets: integer('caused_tickets'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] }), index('campaign_delivery_partner_idx').on(t.partnerId, t.day)],
);

// Issue 14, the campaign setup process (spec 2 §3 Setup process, §4 Setup lifecycle, §7). One
// live (created|synced) setup per partner and event; published and cancelled ones stay as history.
// The jsonb columns hold the wire shapes of src/lib/contracts/setup-process.ts.
export const SETUP_PROCESS_STATUSES = ['created', 'synced', 'published', 'cancelled'] as const;
export const setupProcesses = pgTable(
  'setup_processes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SETUP_PROCESS_STATUSES }).notNull().default('created'),
    goal: text('goal', { enum: ['UTILIZATION', 'ROAS', 'VISIBILITY'] }).notNull(),
    /** Major units of the partner's currency, the whole runtime. */
    totalBudget: integer('total_budget').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    creatives: jsonb('creatives').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    targeting: jsonb('targeting').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    integrationDetails: jsonb('integration_details').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    conversionId: text('conversion_id'),
    leadFormId: text('lead_form_id'),
    customEventType: text('custom_event_type', { enum: ['PURCHASE', 'LEAD'] }).notNull().default('PURCHASE'),
    disabledVariations: jsonb('disabled_variations').$type<Record<string, string[]>>().notNull().default(sql`'{}'::jsonb`),
    wizard: jsonb('wizard').$type<{ current_step: number; current_completed_step: number; preview_viewed: boolean }>(),
    /** The last boost's failure: { error_code, message }. */
    error: jsonb('error').$type<{ error_code: string; message: string }>(),
    boostTaskId: uuid('boost_task_id').references(() => tasks.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastSyncedAt: ts('last_synced_at'),
    publishedAt: ts('published_at'),
    /** Issue 20: +1 on every PUT; a PUT naming an older version is refused (two tabs, one setup). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('setup_processes_live_uq')
      .on(t.partnerId, t.eventId)
      .where(sql`${t.status} in ('created', 'synced')`),
    index('setup_processes_event_idx').on(t.partnerId, t.eventId, t.createdAt),
  ],
);

// Issue 14, spec 2 §3 Report / §4 Topic report: a user says a cluster's topic keyword is wrong.
export const userReports = pgTable(
  'user_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    reportType: text('report_type', { enum: ['WRONG_TOPIC_RECOMMENDATION'] }).notNull(),
    tc: integer('tc').notNull(),
    tcRunId: integer('tc_run_id').notNull(),
    keyword: text('keyword').notNull(),
    description: text('description'),
    setupProcessId: uuid('setup_process_id').references(() => setupProcesses.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('user_reports_cluster_idx').on(t.partnerId, t.eventId, t.tc, t.tcRunId)],
);

// Notifications (spec 1 §2.6, §3). The module arrives with its issue; the shell's unread badge
// already counts these rows.
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    actionUrl: text('action_url'),
    topic: text('notification_topic').notNull(),
    templateData: jsonb('template_data'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.partnerId, t.userId, t.isRead),
    // The list: newest first within one user's notifications at one partner.
    index('notifications_list_idx').on(t.userId, t.partnerId, t.createdAt),
  ],
);

// Per-user, per-partner email choice for each notification topic (spec 1 §2.5 #notifications).
// No row means the default: mail is on.
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    topic: text('notification_topic').notNull(),
    isEmailEnabled: boolean('is_email_enabled').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.partnerId, t.topic] })],
);

// Multipart file uploads (spec 1 §2.7, §4.2, §7 "Storage and upload"). The row is the upload's
// identity for the browser (upload_id); the object store (local disk or S3) holds the bytes.
// backend_upload_id is the store's own id where it has one (S3's UploadId).
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    objectKey: text('object_key').notNull().unique(),
    objectName: text('object_name').notNull(),
    contentType: text('content_type').notNull(),
    category: text('category').notNull(),
    uploadType: text('upload_type', { enum: ['file', 'media'] }).notNull(),
    backendUploadId: text('backend_upload_id'),
    status: text('status', { enum: ['uploading', 'completed', 'aborted', 'rejected'] }).notNull().default('uploading'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    expiresAt: ts('expires_at').notNull(),
    completedAt: ts('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_partner_idx').on(t.partnerId, t.status, t.createdAt)],
);

// Taste-cluster (ITC) runs, spec 2 §4 "ITC regeneration": one run clusters all of a partner's
// customers by what they buy and scores the clusters for one event. The run's id is the spec's
// tc_run_id; its state is its task's (queued, running, failed, success). Clusters keep their tc
// across runs by centroid matching (src/server/engines/taste-clusters/match.ts).
export const tasteClusterRuns = pgTable(
  'taste_cluster_runs',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    seed: integer('seed').notNull(),
    engineVersion: text('engine_version').notNull(),
    /** Set when the run succeeded: what it found. */
    k: integer('k'),
    customers: integer('customers'),
    silhouette: real('silhouette'),
    separation: text('separation', { enum: ['strong', 'reasonable', 'weak', 'none'] }),
    silhouetteByK: jsonb('silhouette_by_k').$type<{ k: number; silhouette: number }[]>(),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('tc_runs_event_idx').on(t.partnerId, t.eventId, t.createdAt),
    index('tc_runs_partner_done_idx').on(t.partnerId, t.finishedAt),
  ],
);

/** One cluster of a run, with its description and its scores for the run's event (spec 2 §3 Campaign). */
export const tasteClusters = pgTable(
  'taste_clusters',
  {
    runId: integer('run_id').notNull().references(() => tasteClusterRuns.id, { onDelete: 'cascade' }),
    tc: integer('tc').notNull(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    /** The previous run's tc this cluster continues (the same number); null when it is new. */
    matchedFrom: integer('matched_from'),
    size: integer('size').notNull(),
    labelEn: text('label_en').notNull(),
    labelDe: text('label_de').notNull(),
    families: jsonb('families').$type<string[]>().notNull(),
    traits: jsonb('traits').$type<string[]>().notNull(),
    keywordsEn: jsonb('keywords_en').$type<string[]>().notNull(),
    keywordsDe: jsonb('keywords_de').$type<string[]>().notNull(),
    /** ClusterProfile of the engine: the members in natural units. */
    profile: jsonb('profile').notNull(),
    /** Mean raw feature row of the members, for matching the next run's clusters. */
    centroid: jsonb('centroid').$type<number[]>().notNull(),
    attractiveness: real('attractiveness').notNull(),
    buyingPower: real('buying_power').notNull(),
    potential: integer('potential').notNull(),
    rank: integer('rank').notNull(),
    alreadyBought: integer('already_bought').notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.tc] }), index('taste_clusters_partner_idx').on(t.partnerId)],
);

// Issue 22: who belongs to each cluster of a run, written with the run's result (store.ts
// saveRunResult), so a cluster can be published as a Meta custom audience of its members.
export const tasteClusterMembers = pgTable(
  'taste_cluster_members',
  {
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    runId: integer('run_id').notNull().references(() => tasteClusterRuns.id, { onDelete: 'cascade' }),
    tc: integer('tc').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull().references(() => customers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.runId, t.tc, t.customerId] }), index('tc_members_customer_idx').on(t.customerId)],
);

// Issue 22: a cluster's custom audience at Meta, one per ad account, run and cluster. The row is
// claimed before Meta is asked, so a retried boost finds it (or, if the process died between
// Meta's answer and our write, finds the audience at Meta by its name) and never makes a second.
export const clusterAudiences = pgTable(
  'cluster_audiences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    adAccountId: text('ad_account_id').notNull(),
    runId: integer('run_id').notNull().references(() => tasteClusterRuns.id, { onDelete: 'cascade' }),
    tc: integer('tc').notNull(),
    /** Meta's custom audience id; null while the audience is being created. */
    metaAudienceId: text('meta_audience_id'),
    /** Members sent (customers with an address that did not opt out of ads). */
    members: integer('members').notNull().default(0),
    /** Distinct hashed addresses sent (a member may have two). */
    hashes: integer('hashes').notNull().default(0),
    /** Set when every batch was accepted. */
    uploadedAt: ts('uploaded_at'),
    createdAt: createdAt(),
  },
  (t) => [unique('cluster_audiences_key_uq').on(t.partnerId, t.adAccountId, t.runId, t.tc)],
);

// Issue 13, connecting Meta (spec 1 §2.5 #meta, §4.5, §7; spec 2 §3 Integration asset). A Meta
// token is a secret: only its sealed form (adapters/meta/tokens.ts) is stored, bound to partner and
// platform user. One row per partner, token type and Meta user; a new login replaces the token.
export const metaConnections = pgTable(
  'meta_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    tokenType: text('token_type', { enum: ['USER', 'SYSTEM'] }).notNull(),
    platformUserId: text('platform_user_id').notNull(),
    platformUserName: text('platform_user_name').notNull(),
    sealedToken: text('sealed_token').notNull(),
    /** Null: Meta said the token does not expire (system users). */
    expiresAt: ts('expires_at'),
    /** 'invalid': Meta refused the token (revoked); the owner logs in again. */
    status: text('status', { enum: ['active', 'invalid'] }).notNull().default('active'),
    /** Who proved control of the Meta account last: `user:<id>`, `anonymous:<grant id>`, `partner:<grant id>`. */
    ownerActor: text('owner_actor').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('meta_connections_owner_uq').on(t.partnerId, t.tokenType, t.platformUserId)],
);

/** An asset a partner's connections reach, with the partner's choice (is_enabled). */
export const metaAssets = pgTable(
  'meta_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    key: text('key', { enum: ['facebook.profile', 'instagram.profile', 'facebook.ad_account', 'facebook.pixel'] }).notNull(),
    assetId: text('asset_id').notNull(),
    label: text('label').notNull(),
    currency: text('currency'),
    /** Ids of linked assets: a page's Instagram account, a pixel's ad account. */
    connectedAssets: jsonb('connected_assets').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    isEnabled: boolean('is_enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('meta_assets_partner_asset_uq').on(t.partnerId, t.key, t.assetId)],
);

/** Which connection reaches which asset, and whether that Meta user may use it for ads. */
export const metaAssetUsers = pgTable(
  'meta_asset_users',
  {
    assetRowId: uuid('asset_row_id').notNull().references(() => metaAssets.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id').notNull().references(() => metaConnections.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    permitted: boolean('permitted').notNull(),
  },
  (t) => [primaryKey({ columns: [t.assetRowId, t.connectionId] }), index('meta_asset_users_connection_idx').on(t.connectionId)],
);

/**
 * One-time codes and the scoped tokens they turn into (spec 1 §7 anonymous auth and partner
 * tokens). Only the SHA-256 of a code or token is stored. A code is used once (used_at); a token
 * may only call the connect routes of its partner (src/server/api/connect-identity.ts).
 */
export const metaAccessGrants = pgTable(
  'meta_access_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['anonymous_code', 'vendor_code', 'anonymous_token', 'partner_token'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** Vendor codes and partner tokens: the only address the code may return to. */
    redirectUri: text('redirect_uri'),
    /** The code a token was made from. */
    parentId: uuid('parent_id'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('meta_access_grants_partner_idx').on(t.partnerId, t.kind)],
);

// spec 3 §3/§4 Sentinel questions: every asked question (saved = kept in the user's list) with
// what it meant (typed_query), the SQL it ran and its answer ids.
export const nlqQuestions = pgTable(
  'nlq_questions',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    originalDescription: text('original_description').notNull(),
    resultType: text('result_type', { enum: ['customers', 'transactions', 'events'] }).notNull(),
    language: text('language').notNull(),
    saved: boolean('saved').notNull().default(false),
    typedQuery: jsonb('typed_query'),
    sql: text('sql'),
    params: jsonb('params'),
    filters: jsonb('filters'),
    resultIds: jsonb('result_ids').$type<string[]>(),
    numResults: integer('num_results'),
    truncated: boolean('truncated').notNull().default(false),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('PENDING'),
    taskCompletedAt: ts('task_completed_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('nlq_questions_user_idx').on(t.partnerId, t.userId, t.saved)],
);

// Issue 23, the package builder (spec 3 §2, §3 Package, §4 Package status). A package is one build
// of the engine (src/server/engines/packages) for chosen upcoming events; its state is the spec's
// status in lower case (the results flow shows it upper case). `content` holds the variations as
// the spec's Variation (title, keywords, top events, medians) without their customers, who are
// rows of package_members. A merged package is a new row whose merge_id lists its sources' ids
// joined by '_' (spec 3 §3).
export const PACKAGE_STATUSES = ['initializing', 'inprogress', 'done', 'failed', 'expired'] as const;
export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    status: text('status', { enum: PACKAGE_STATUSES }).notNull().default('initializing'),
    numPackages: integer('num_packages').notNull(),
    nTopEvents: integer('n_top_events').notNull(),
    targetingMode: text('targeting_mode', { enum: ['selective_mode', 'inclusive_mode'] }).notNull(),
    eventIds: jsonb('event_ids').$type<string[]>().notNull(),
    /** The create payload's filters, as sent (spec 3 §3 Package create payload). */
    filterSettings: jsonb('filter_settings').notNull().default(sql`'{}'::jsonb`),
    mergeId: text('merge_id'),
    nCustomers: integer('n_customers'),
    /** The variations (spec 3 §3 Variation), set when the build is done. */
    content: jsonb('content'),
    seed: integer('seed').notNull(),
    engineVersion: text('engine_version').notNull(),
    /** Why a build failed, in words a user may read (never a stack trace). */
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
    /** After this the package is shown as expired and offers regenerate. */
    expiresAt: ts('expires_at'),
  },
  (t) => [index('packages_partner_idx').on(t.partnerId, t.createdAt)],
);

/** The customers of each variation of a package, with the engine's affinity score. */
export const packageMembers = pgTable(
  'package_members',
  {
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    packageId: integer('package_id').notNull().references(() => packages.id, { onDelete: 'cascade' }),
    /** The variation's index in packages.content (the spec's tc in a package export). */
    variation: integer('variation').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull().references(() => customers.id, { onDelete: 'cascade' }),
    score: real('score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.variation, t.customerId] }), index('package_members_partner_idx').on(t.partnerId)],
);

// Issue 23, the integrations manager (spec 3 §2 Settings, §3 Secret / integration, §7 /secrets*).
// A secret is sealed with a key derived from ENCORE_SECRET_KEY (lib/crypto.ts), bound to the
// partner and the row id; only `secret_preview` (a few characters) is ever shown again.
export const secrets = pgTable(
  'secrets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    serviceName: text('service_name').notNull(),
    name: text('name').notNull(),
    sealedSecret: text('sealed_secret').notNull(),
    secretPreview: text('secret_preview').notNull(),
    tenantRef: text('tenant_ref'),
    createdAt: createdAt(),
  },
  (t) => [index('secrets_partner_idx').on(t.partnerId, t.createdAt)],
);

// Issue 23, CRM exports (spec 3 §7 /crm/export/*, §8): one row per export of a package variation
// or a Sentinel answer to a CRM, run as a task. `container_name` is the list or segment name the
// user typed with the timestamp appended; `external_id` is that list or segment at the CRM.
export const crmExports = pgTable(
  'crm_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    secretId: uuid('secret_id').references(() => secrets.id, { onDelete: 'set null' }),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    crmName: text('crm_name').notNull(),
    containerName: text('container_name').notNull(),
    source: text('source', { enum: ['package', 'nlq'] }).notNull(),
    /** The package id and variation ("12:0") or the Sentinel question id. */
    sourceRef: text('source_ref').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'partial', 'failed'] }).notNull().default('queued'),
    contacts: integer('contacts').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    externalId: text('external_id'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('crm_exports_partner_idx').on(t.partnerId, t.createdAt)],
);

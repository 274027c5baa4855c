// Shared steps of the browser journeys: the demo accounts of the seed, signing in through the real
// login form, and the two ways the shell shows its menu (desktop sidebar, phone slide-out sheet).
import fs from 'node:fs';
import { expect, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { ROUTES } from '../../src/lib/routes';
import en from '../../public/locales/en/common.json' with { type: 'json' };

export const PASSWORD = 'Encore-Demo-2026!';

/** The demo accounts of src/server/demo/accounts.ts. */
export const USERS = {
  /** Every permission at 'Konzerthaus Rheinland' (1001, full-service); profile language de. */
  admin: { email: 'admin@encore.demo', givenName: 'Anna', name: 'Anna Admin', language: 'de' },
  /** lookout + sales only at 1001. */
  analyst: { email: 'analyst@encore.demo', givenName: 'Jonas', name: 'Jonas Analyst', language: 'en' },
  /** Member of 1001 and 1002 (prisma): must choose a partner after signing in. */
  multi: { email: 'multi@encore.demo', givenName: 'Mira', name: 'Mira Multi', language: 'en' },
  /** Only 1002 'Harbour Lights Promotions' (prisma wording). */
  prisma: { email: 'prisma@encore.demo', givenName: 'Priya', name: 'Priya Prisma', language: 'en' },
  /** 1002 with the package builder in demo mode (user flags package-builder + package-builder.demo). */
  trial: { email: 'trial@encore.demo', givenName: 'Theo', name: 'Theo Trial', language: 'en' },
} as const;
export type UserKey = keyof typeof USERS;

export const LANGUAGE_COOKIE = 'i18nextLng';

/** Written by devices.setup.ts: each demo user's remembered device, as the cookie holds it. */
export const DEVICES_FILE = `${process.env.E2E_DATA_DIR ?? 'data/e2e'}-devices.json`;

/**
 * Presents the demo user's remembered device (HttpOnly cookie encore_device), so the sign-in
 * skips the MFA code step, with or without JavaScript. The MFA journeys (accounts-*.spec.ts)
 * start from browsers without it.
 */
export async function presentRememberedDevice(context: BrowserContext, email: string): Promise<void> {
  const devices = JSON.parse(fs.readFileSync(DEVICES_FILE, 'utf8')) as Record<string, string>;
  const value = devices[email];
  if (value) await context.addCookies([{ name: 'encore_device', value, url: BASE_URL, httpOnly: true }]);
}

/** Login form texts per interface language (public/locales/{en,de}/common.json). */
const LOGIN_TEXTS = {
  en: { username: 'Email', password: 'Password', submit: 'Sign in', continue: 'Continue' },
  de: { username: 'E-Mail', password: 'Passwort', submit: 'Anmelden', continue: 'Weiter' },
} as const;
export type Lng = keyof typeof LOGIN_TEXTS;

export function isPhone(testInfo: TestInfo): boolean {
  return testInfo.project.name === 'phone';
}

/** The server of playwright.config.ts (same port variable). */
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4455}`;

/** Remembers an interface language in the browser, as the language switch does (cookie i18nextLng). */
export async function rememberLanguage(context: BrowserContext, lng: Lng): Promise<void> {
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: lng, url: BASE_URL }]);
}

export async function languageCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === LANGUAGE_COOKIE)?.value;
}

/**
 * Waits until every React island of the page is hydrated (Astro drops the island's `ssr`
 * attribute then), so a click reaches its handler. Without JavaScript there is nothing to wait for.
 * Asked right after a navigation began (a URL check passes at the commit), the page may not have
 * run its scripts yet: the load event comes first, else the islands' server HTML looks hydrated.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  const scripting = await page.evaluate(() => customElements.get('astro-island') !== undefined);
  // Hydration waits for the island's scripts: on a loaded 2-core CI machine a heavy page (the
  // dashboard's three islands) took more than the 5 s default.
  if (scripting) await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 20_000 });
}

/**
 * Waits until React has hydrated `target` (React keeps its props on the DOM node then). Parts of an
 * island that load lazily (the sales forms inside the sales panel) hydrate after the island
 * itself: until then their server HTML takes input that hydration throws away.
 */
export async function waitForHydrated(target: Locator): Promise<void> {
  await expect
    .poll(() => target.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$'))), { message: 'hydrated by React', timeout: 15_000 })
    .toBe(true);
}

/** Fills and submits the login form that is on the page. */
export async function submitLogin(page: Page, email: string, password = PASSWORD, lng: Lng = 'en'): Promise<void> {
  const texts = LOGIN_TEXTS[lng];
  await presentRememberedDevice(page.context(), email);
  await waitForIslands(page);
  await page.getByLabel(texts.username, { exact: true }).fill(email);
  await page.getByLabel(texts.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: texts.submit, exact: true }).click();
}

export interface SignInOptions {
  /**
   * Interface language remembered in the browser before signing in. Default 'en': a fixed choice
   * keeps a journey independent of the profile languages (the admin's is de, and language.spec
   * changes the analyst's for a moment). null: no stored choice, the profile language applies.
   */
  language?: Lng | null;
  /** The partner to pick in the chooser (multi-partner users). */
  partner?: string;
  /** Path passed as ?next= to /login. */
  next?: string;
  /**
   * Walk the login form (and its splash) instead of signing in through the API. The journeys of
   * the sign-in itself and the main flows that start at /login use it; the rest only need a
   * session, and the form's two page loads per test were minutes of every run.
   */
  form?: boolean;
}

/**
 * Signs in: through the API by default, through the real login form (and the partner chooser)
 * with `form`, a partner, the profile's language or the multi-partner user. The splash's own
 * 'Continue' link saves its 1.5 s wait (sign-in.spec checks the timed hand-over).
 */
export async function signIn(page: Page, user: UserKey, options: SignInOptions = {}): Promise<void> {
  const { language = 'en', partner, next } = options;
  if (language) await rememberLanguage(page.context(), language);
  // A partner to choose, or the profile's language, is what the form does: walk it for those.
  if (!options.form && !partner && language && user !== 'multi') {
    // The same call the login form makes, in the page's cookie jar: the session cookies it sets
    // are the browser's. The remembered device skips MFA as it does for the form.
    await presentRememberedDevice(page.context(), USERS[user].email);
    const res = await page.request.post('/api/v3/auth', { data: { username: USERS[user].email, password: PASSWORD } });
    expect(res.status(), `sign-in of ${user}`).toBe(200);
    expect((await res.json()).Challenge, `sign-in of ${user} without a challenge`).toBeFalsy();
    await page.goto(next ?? '/');
    await waitForIslands(page);
    return;
  }
  await page.goto(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
  const texts = LOGIN_TEXTS[language ?? 'en'];
  await submitLogin(page, USERS[user].email, PASSWORD, language ?? 'en');
  if (partner) await page.getByRole('button', { name: partner, exact: true }).click();
  // The splash may already have left by itself: then there is nothing to click.
  await page
    .getByRole('status')
    .getByRole('link', { name: texts.continue })
    .click({ timeout: 1_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL((url) => url.pathname !== '/login', { timeout: 15_000 });
  await page.waitForLoadState('load');
  await waitForIslands(page);
}

const ACCOUNT_MENU = { en: 'Account menu for', de: 'Kontomenü für' } as const;

/** Opens the account menu (sidebar on desktop, top bar on phones) and returns it. */
export async function openAccountMenu(page: Page, user: UserKey, lng: Lng = 'en'): Promise<Locator> {
  const name = `${ACCOUNT_MENU[lng]} ${USERS[user].name}`;
  await waitForIslands(page);
  await page.getByRole('button', { name }).click();
  const menu = page.getByRole('menu', { name });
  await expect(menu).toBeVisible();
  return menu;
}

/**
 * The main navigation as the viewport shows it: the sidebar on desktop, the slide-out menu sheet
 * (opened here) on phones.
 */
export async function openNavigation(page: Page, testInfo: TestInfo, labels = { open: 'Open menu', nav: 'Main navigation', sheet: 'Menu' }): Promise<Locator> {
  if (isPhone(testInfo)) {
    await waitForIslands(page);
    await page.getByRole('banner').getByRole('button', { name: labels.open }).click();
    const sheet = page.getByRole('dialog', { name: labels.sheet });
    await expect(sheet).toBeVisible();
    return sheet.getByRole('navigation', { name: labels.nav });
  }
  return page.getByRole('banner').getByRole('navigation', { name: labels.nav });
}

/** The module links of a navigation (first list), in display order. */
export function moduleLinks(nav: Locator): Locator {
  return nav.getByRole('list').first().getByRole('link');
}

/** Every protected route of src/lib/routes.ts with its parameters filled in. */
/** A demo event of partner 1001 (the seed numbers events from 00001) and its eid (seed/catalog-plan.ts). */
export const DEMO_EVENT_ID = 'e1001-00001';
export const DEMO_EVENT_EID = 'TIX-1001-1';

/** A well-formed id that names no notification (a malformed one is the not-found page). */
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000001';

/**
 * Every protected route with its parameters filled: a real demo event for event routes, the
 * sales_summary mode, a well-formed notification id, '1' for the rest. `ownHeading`: the page is titled by its record (the event
 * and notification pages), not by the route's title key; on wide screens it also hands over to the drawer.
 */
export function protectedPaths(): { path: string; titleKey: string; ownHeading: boolean }[] {
  return ROUTES.filter((r) => !r.public).map((r) => ({
    // Event routes take a demo event: by id (e1001-00001) or, in the editors, by its eid.
    path: r.pattern.replace(/:(\w+)/g, (_, name: string) =>
      name === 'mode' ? 'sales_summary' : name === 'eventId' || r.pattern.startsWith('/campaigns/:id') ? DEMO_EVENT_ID : name === 'eid' ? DEMO_EVENT_EID : r.pattern === '/notifications/:id' ? UNKNOWN_UUID : '1',
    ),
    titleKey: r.titleKey,
    // Event pages (the recommendations page included), Sentinel's customer page and a package's
    // results carry their own heading and hand over to the drawer on wide screens (customer-detail.spec.ts checks it).
    ownHeading:
      r.pattern.startsWith('/events/:eventId') ||
      r.pattern.startsWith('/campaigns/:id') ||
      r.pattern === '/notifications/:id' ||
      r.pattern === '/sentinel/results/:id' ||
      // A package's results are titled by the package (package-builder.spec.ts checks them).
      r.pattern.startsWith('/package-builder/results/'),
  }));
}

/** An English text of public/locales/en/common.json by dotted key. */
export function enText(key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
  if (typeof value !== 'string') throw new Error(`no English text for ${key}`);
  return value;
}

/**
 * A double tap: two taps within the card's 300 ms. On a loaded machine two driven taps can land
 * further apart (the first only arms the card again), so the pair is repeated until the card has
 * moved to the other tab.
 */
export async function doubleTap(target: Locator, card: Locator): Promise<void> {
  await expect(async () => {
    if ((await card.count()) === 0) return;
    await target.tap({ timeout: 2_000 }).catch(() => undefined);
    await target.tap({ timeout: 2_000 }).catch(() => undefined);
    await expect(card).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

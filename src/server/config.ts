// Every environment variable the server reads, in one place (README "Configuration" lists them).
import path from 'node:path';

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw ? Number(raw) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

/**
 * Seed demo data into an empty database? Outside production unless ENCORE_AUTO_SEED=off; in
 * production only when asked with ENCORE_AUTO_SEED=on (the demo accounts share a public password).
 */
export function autoSeedFrom(env: Record<string, string | undefined>): boolean {
  return env.NODE_ENV === 'production' ? env.ENCORE_AUTO_SEED === 'on' : env.ENCORE_AUTO_SEED !== 'off';
}

export const config = {
  rootDir: process.env.ENCORE_ROOT ?? process.cwd(),
  /** Folder of the embedded database and local uploads; 'memory://' keeps PGlite in memory (tests). */
  dataDir: process.env.DATA_DIR === 'memory://' ? 'memory://' : path.resolve(process.env.DATA_DIR ?? 'data'),
  databaseUrl: process.env.DATABASE_URL || undefined,
  dbPoolSize: int('DB_POOL_SIZE', 10),
  /** PGlite's buffer cache (PostgreSQL's shared_buffers, e.g. '32MB'); PostgreSQL's 128 MB when unset. */
  pgliteSharedBuffers: process.env.PGLITE_SHARED_BUFFERS || '128MB',
  /** Run the task worker inside the web process (default) or only via `npm run worker`. */
  inProcessWorker: process.env.ENCORE_WORKER !== 'off',
  /** Seed demo data when the database has no partner yet (see autoSeedFrom). */
  autoSeed: autoSeedFrom(process.env),
  /** Lifetime of a session (its refresh token), in seconds. */
  sessionTtlSec: int('SESSION_TTL_SEC', 60 * 60 * 12),
  /** Lifetime of an access token, in seconds (issue 3: short-lived; renewed via refresh). */
  accessTokenTtlSec: int('ACCESS_TOKEN_TTL_SEC', 15 * 60),
  /** Demo mode: demo users get the known TOTP secret. Off in production or with ENCORE_DEMO=0. */
  demo: process.env.NODE_ENV !== 'production' && process.env.ENCORE_DEMO !== '0',
  production: process.env.NODE_ENV === 'production',
  /** SMTP server for mail (nodemailer URL, e.g. smtps://user:pass@host:465); unset keeps mail in the outbox. */
  smtpUrl: process.env.SMTP_URL || undefined,
  mailFrom: process.env.MAIL_FROM ?? 'Encore <no-reply@encore.example>',
  /** Largest JSON body the API accepts, in bytes. */
  maxJsonBytes: int('MAX_JSON_BYTES', 1_000_000),
  /** Mark cookies Secure; on by default when PUBLIC_URL is https. */
  secureCookies: process.env.COOKIE_SECURE ? process.env.COOKIE_SECURE === 'true' : (process.env.PUBLIC_URL ?? '').startsWith('https:'),
  publicUrl: process.env.PUBLIC_URL,
  /** Multiplies every per-address rate limit (sign-in, codes, forgot password, registration). */
  rateLimitIpScale: Math.max(0.01, Number(process.env.RATE_LIMIT_IP_SCALE ?? 1) || 1),
  /** Believe X-Forwarded-For (set when a reverse proxy in front of Encore writes it). */
  trustProxy: process.env.TRUST_PROXY === 'true',
  /** Where local-disk uploads live (parts while uploading, then objects); DATA_DIR/storage by default. */
  storageDir: process.env.STORAGE_DIR ? path.resolve(process.env.STORAGE_DIR) : undefined,
  /** S3 for uploads when S3_BUCKET is set (credentials from the AWS default chain: AWS_ACCESS_KEY_ID, …). */
  s3: process.env.S3_BUCKET
    ? {
        bucket: process.env.S3_BUCKET,
        region: process.env.S3_REGION || undefined,
        endpoint: process.env.S3_ENDPOINT || undefined,
        forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
      }
    : undefined,
  /** The billing portal behind the settings #system billing link. */
  billingUrl: process.env.BILLING_URL ?? 'https://billing.encore.example/',
  supportUrl: {
    en: process.env.SUPPORT_URL_EN ?? 'https://support.encore.example/en',
    de: process.env.SUPPORT_URL_DE ?? 'https://support.encore.example/de',
  },
  productName: 'Encore',
  /** Where the campaign report's DejaVu Sans files are (Debian's fonts-dejavu-core folder by default). */
  reportFontDir: process.env.REPORT_FONT_DIR || '/usr/share/fonts/truetype/dejavu',
  /**
   * Meta (issue 13): META_APP_ID and META_APP_SECRET switch the ad platform from the sandbox to the
   * Graph Marketing API; META_GRAPH_URL and META_DIALOG_URL point it elsewhere (tests).
   */
  meta: {
    appId: process.env.META_APP_ID || undefined,
    appSecret: process.env.META_APP_SECRET || undefined,
    graphUrl: process.env.META_GRAPH_URL || 'https://graph.facebook.com',
    dialogUrl: process.env.META_DIALOG_URL || 'https://www.facebook.com',
    timeoutMs: int('META_TIMEOUT_MS', 20_000),
  },
  /**
   * CRM export (issue 23): the partners' own CRM secrets are used only when CRM_MODE=live; otherwise
   * every export goes to the deterministic CRM sandbox (src/server/adapters/crm/sandbox.ts) and the
   * screens show a "Sandbox" badge. HUBSPOT_API_URL and MAILCHIMP_API_URL ({dc} = the key's data
   * centre) point the real clients elsewhere (tests).
   */
  crm: {
    live: process.env.CRM_MODE === 'live',
    hubspotUrl: process.env.HUBSPOT_API_URL || 'https://api.hubapi.com',
    mailchimpUrl: process.env.MAILCHIMP_API_URL || 'https://{dc}.api.mailchimp.com',
    timeoutMs: int('CRM_TIMEOUT_MS', 20_000),
  },
  /**
   * AI copy (issue 14, spec 2 §7 generate_creatives): LLM_BASE_URL and LLM_API_KEY switch the
   * copywriter from the sandbox to an OpenAI-compatible chat endpoint. The key is a secret: it is
   * only ever put into the Authorization header.
   */
  llm: {
    baseUrl: process.env.LLM_BASE_URL || undefined,
    apiKey: process.env.LLM_API_KEY || undefined,
    model: process.env.LLM_MODEL || 'gpt-4.1',
    timeoutMs: int('LLM_TIMEOUT_MS', 30_000),
  },
} as const;

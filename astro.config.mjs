// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

const port = Number(process.env.PORT ?? 4321);

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  server: { port, host: process.env.HOST ?? '127.0.0.1' },
  security: {
    // Off: Astro's check is all-or-nothing and answered the API's bearer clients without an Origin
    // header (body-less POST/DELETE, multipart uploads) with a plain-text 403. The same protection
    // runs in our code instead, from one origin rule (src/server/api/csrf.ts): the API's CSRF guard
    // for /api/* (JSON errors, bearer clients allowed) and src/middleware.ts for every page.
    checkOrigin: false,
    // The hosts we are reached by, for the request URL (and so our origin) Astro builds (STACK.md trap).
    allowedDomains: [{ hostname: 'localhost' }, { hostname: '127.0.0.1' }],
    csp: {
      // blob: for the media dropzone's thumbnails of files not yet uploaded (images and video first frames);
      // frame-src for Meta's ad-preview iframes (the real client's generatepreviews); img-src https:
      // for the share dialog's link previews (a partner's page names its og:image on its own host).
      directives: ["default-src 'self'", "img-src 'self' data: blob: https:", "media-src 'self' blob:", "connect-src 'self'", "frame-src 'self' https://www.facebook.com", "object-src 'none'", "base-uri 'self'", "form-action 'self'"],
    },
  },
  vite: {
    ssr: { external: ['@electric-sql/pglite', 'pg', '@node-rs/argon2', 'libpg-query'] },
  },
});

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
    checkOrigin: true,
    // Origin check must know the hosts we are reached by (STACK.md trap).
    allowedDomains: [{ hostname: 'localhost' }, { hostname: '127.0.0.1' }],
    csp: {
      directives: ["default-src 'self'", "img-src 'self' data:", "connect-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"],
    },
  },
  vite: {
    ssr: { external: ['@electric-sql/pglite', 'pg', '@node-rs/argon2'] },
  },
});

import type { RequestEnv } from './client-meta';

/** The Hono env of a request forwarded by an Astro endpoint: the client's socket address. */
export function requestEnv(ctx: { clientAddress: string }): RequestEnv {
  try {
    return { clientAddress: ctx.clientAddress };
  } catch {
    // Astro throws when the adapter does not know the address (e.g. prerendering).
    return {};
  }
}

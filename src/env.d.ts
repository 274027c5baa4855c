/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in viewer, resolved by src/middleware.ts; null when logged out. */
    viewer: import('./server/modules/auth/viewer').Viewer | null;
    /** Interface language of this request (cookie, then profile, then Accept-Language). */
    language: import('./lib/constants').Language;
  }
}

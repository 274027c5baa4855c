// The one error type of the server. Services throw it; the API maps it to ARCHITECTURE.md §3.
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    /** `error.<area>.<reason>`; the browser maps it to an i18n key (spec 1 §8). */
    readonly code: `error.${string}`,
    message: string,
    readonly subcode?: string,
    readonly headers?: Record<string, string>,
    /** Field-level details (the ARCHITECTURE §3 `issues` list), e.g. every failed password rule. */
    readonly issues?: { path: string; message: string }[],
    /** Values the browser fills into its message (spec 2 §8: the asset of a permission error, a minimum budget). */
    readonly data?: Record<string, string | number | null | string[] | Record<string, string | number | null>[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'error.common.notFound', `${what} not found`);
export const forbidden = (permission: string) =>
  new AppError(403, 'error.auth.forbidden', 'You are not authorized to perform this action. Please contact your admin', permission);
export const unauthenticated = () => new AppError(401, 'error.auth.unauthenticated', 'Not signed in or session expired');

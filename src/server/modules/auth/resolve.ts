// One way to find the viewer of a request, used by the page middleware and the API alike:
// the session cookie, or a bearer token (spec 1 §7 request layer), plus X-Preferred-Partner-Id.
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findSession } from './sessions';
import { loadViewer } from './viewer-repo';
import type { Viewer } from './viewer';

export interface Credentials {
  cookieToken?: string | null;
  authorization?: string | null;
  partnerHeader?: string | null;
}

export function bearerToken(authorization?: string | null): string | null {
  const m = authorization?.match(/^Bearer\s+(\S+)$/i);
  return m ? m[1] : null;
}

export function parsePartnerHeader(raw?: string | null): number | null {
  if (raw == null || raw === '') return null;
  if (!/^\d{1,9}$/.test(raw)) throw new AppError(400, 'error.partner.invalidHeader', 'X-Preferred-Partner-Id must be a partner id');
  return Number(raw);
}

export async function resolveViewer(db: Db, creds: Credentials): Promise<Viewer | null> {
  const token = bearerToken(creds.authorization) ?? creds.cookieToken ?? null;
  if (!token || token.length > 200) return null;
  const session = await findSession(db, token);
  if (!session) return null;
  return loadViewer(db, session, parsePartnerHeader(creds.partnerHeader));
}

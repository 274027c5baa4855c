import type { Db } from '../db/client';
import type { Viewer } from '../modules/auth/viewer';
import type { ConnectIdentity } from './connect-identity';

/** Typed Hono context (c.var.*) of every router. */
export interface Env {
  Variables: {
    db: Db;
    viewer: Viewer | null;
    /** An anonymous shared-link session or a partner token (spec 1 §7); then `viewer` is null. */
    connectIdentity?: ConnectIdentity | null;
  };
}

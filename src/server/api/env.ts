import type { Db } from '../db/client';
import type { Viewer } from '../modules/auth/viewer';

/** Typed Hono context (c.var.*) of every router. */
export interface Env {
  Variables: {
    db: Db;
    viewer: Viewer | null;
  };
}

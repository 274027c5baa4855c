// GET /readyz: the process can serve (issue 24 §3) — database, migrations, a moving task queue
// (src/server/modules/health/checks.ts). 503 while any check fails or the process is shutting
// down, so a proxy sends no traffic.
import type { APIRoute } from 'astro';
import { getDb } from '../server/db/client';
import { readiness } from '../server/modules/health/checks';
import { isDraining } from '../server/lifecycle/shutdown';

const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });

export const GET: APIRoute = async () => {
  // Shutting down (src/server/lifecycle/shutdown.ts): still answering, but send nothing new.
  if (isDraining()) return json({ status: 'draining' }, 503);
  let db;
  try {
    db = await getDb();
  } catch {
    return json({ status: 'not_ready', checks: { database: 'fail', migrations: 'fail', worker: 'fail' } }, 503);
  }
  const r = await readiness(db);
  return json({ status: r.ready ? 'ready' : 'not_ready', checks: r.checks }, r.ready ? 200 : 503);
};

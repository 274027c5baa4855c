// GET /healthz: the process is alive (issue 24 §3). No database, no session: a liveness probe
// must not fail because a dependency is slow, or the orchestrator restarts a healthy process.
import type { APIRoute } from 'astro';

export const GET: APIRoute = () =>
  new Response(JSON.stringify({ status: 'ok' }), { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });

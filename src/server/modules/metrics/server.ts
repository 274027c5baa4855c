// The metrics endpoint: GET /metrics on a port of its own (METRICS_PORT), bound to METRICS_HOST
// (127.0.0.1 by default) — a Prometheus scraper next to the process reads it; the public port
// never answers it. Off unless METRICS_PORT is set.
import http from 'node:http';
import { registry } from './registry';

export interface MetricsSettings {
  port: number;
  host: string;
}

/** METRICS_PORT (1–65535) and METRICS_HOST, or null when metrics are off or the port is unusable. */
export function metricsSettings(env: NodeJS.ProcessEnv = process.env): MetricsSettings | null {
  const raw = env.METRICS_PORT?.trim();
  if (!raw) return null;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`METRICS_PORT must be a port number (0–65535), not "${raw}"`);
  return { port, host: env.METRICS_HOST?.trim() || '127.0.0.1' };
}

export async function startMetricsServer(settings: MetricsSettings): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    try {
      const body = await registry.metrics();
      res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(body);
    } catch {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics unavailable');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => resolve());
  });
  return server;
}

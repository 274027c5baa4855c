// Graceful shutdown (issue 24 §3): on SIGTERM or SIGINT the process stops accepting connections,
// /readyz answers 503 so a proxy sends nothing new, requests under way finish, the worker takes no
// new task and finishes the running one, all within one deadline (SHUTDOWN_GRACE_MS, 10 s by
// default — below the 30 s a container runtime usually waits before SIGKILL). What is still
// running at the deadline is cut: open connections are closed, and a running task is handed back
// so another worker (or the next start) takes it over under the crash rules. The database is
// closed last, so an embedded PGlite directory is left consistent. A second signal exits at once.
import type http from 'node:http';
import type { RunningWorker } from '../jobs/worker';

let draining = false;

/** True once shutdown has begun: /readyz answers 503 from then on. */
export function isDraining(): boolean {
  return draining;
}

export const DEFAULT_GRACE_MS = 10_000;

/** SHUTDOWN_GRACE_MS when it is a sensible number of milliseconds (0–10 minutes), else the default. */
export function graceFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.SHUTDOWN_GRACE_MS);
  return env.SHUTDOWN_GRACE_MS?.trim() && Number.isInteger(n) && n >= 0 && n <= 600_000 ? n : DEFAULT_GRACE_MS;
}

export interface ShutdownParts {
  server?: http.Server;
  /** The metrics port's server: closed at the end (a scrape meanwhile still sees the drain). */
  metrics?: http.Server | null;
  worker?: RunningWorker | null;
  closeDb: () => Promise<void>;
  graceMs: number;
  log?: (line: string) => void;
}

export interface ShutdownReport {
  /** Connections still open at the deadline, closed by force. */
  cutConnections: boolean;
  handedBack: string[];
  ms: number;
}

function closeServer(server: http.Server, graceMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let cut = false;
    const deadline = setTimeout(() => {
      cut = true;
      server.closeAllConnections();
    }, graceMs);
    // close() stops listening and ends the idle keep-alive connections of that moment; a busy one
    // goes idle after its answer and would otherwise wait for the keep-alive timeout.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearTimeout(deadline);
      clearInterval(sweep);
      resolve(cut);
    });
  });
}

/** Drains the server and the worker within the deadline, then closes the database. */
export async function shutdown(parts: ShutdownParts): Promise<ShutdownReport> {
  const t0 = Date.now();
  draining = true;
  const [cutConnections, stopped] = await Promise.all([
    parts.server ? closeServer(parts.server, parts.graceMs) : Promise.resolve(false),
    parts.worker ? parts.worker.stop({ graceMs: parts.graceMs }) : Promise.resolve({ handedBack: [] as string[] }),
  ]);
  if (parts.metrics) {
    parts.metrics.closeAllConnections();
    parts.metrics.close();
  }
  await parts.closeDb();
  const report = { cutConnections, handedBack: stopped.handedBack, ms: Date.now() - t0 };
  parts.log?.(
    `[shutdown] done in ${report.ms} ms` +
      (cutConnections ? '; connections still open at the deadline were closed' : '') +
      (report.handedBack.length ? `; handed back ${report.handedBack.length} running task(s) for another worker` : ''),
  );
  return report;
}

/** Installs the signal handlers: the first SIGTERM/SIGINT shuts down gracefully, a second exits at once. */
export function onStopSignals(parts: ShutdownParts, exit: (code: number) => never = process.exit): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) exit(1);
    stopping = true;
    parts.log?.(`[shutdown] ${signal}: finishing requests and tasks (at most ${parts.graceMs} ms; a second signal stops at once)`);
    shutdown(parts).then(
      () => exit(0),
      (err) => {
        parts.log?.(`[shutdown] failed: ${(err as Error).message}`);
        exit(1);
      },
    );
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}

// The HTTP server around Astro's standalone handler. The adapter's own server sends every page,
// API answer and script uncompressed; on the slow mobile links our partners' staff use in a
// foyer that costs seconds (the shell's scripts are ~450 KB raw, ~130 KB gzip). So responses go
// through `compression` (gzip/deflate/br by Accept-Encoding, above 1 KB); hashed assets under
// /_astro/ keep the adapter's immutable caching.
import http from 'node:http';
import compression from 'compression';
import { constants } from 'node:zlib';
import { handleLocalPartPut, isLocalPartPut } from './part-upload';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const compress = compression({
  threshold: 1024,
  // Brotli at quality 5 is about gzip's speed with ~15 % smaller output; level 11 would take
  // tens of milliseconds per script on the 2-core machines we run on.
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
});

export function createHttpServer(handler: Handler): http.Server {
  return http.createServer((req, res) => {
    if (isLocalPartPut(req)) return void handleLocalPartPut(req, res);
    compress(req as never, res as never, () => handler(req, res));
  });
}

export function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

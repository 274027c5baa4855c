// After `astro build`: every asset a client script names (Vite's preload lists, dynamic imports)
// must exist in dist/client. A CSS module reached only through a lazily loaded chunk once got a
// preload entry whose hash matched no emitted file: "Unable to preload CSS" in the browser and a
// drawer that never opened, with every server-side check green (issue 22).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const dir = 'dist/client/_astro';
const missing = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
  const text = readFileSync(join(dir, file), 'utf8');
  for (const m of text.matchAll(/_astro\/([A-Za-z0-9._-]+\.(?:js|css))/g)) {
    if (!existsSync(join(dir, m[1]))) missing.push(`${file} → ${m[1]}`);
  }
}
if (missing.length) {
  console.error(`Client scripts name assets the build did not emit:\n  ${[...new Set(missing)].join('\n  ')}`);
  process.exit(1);
}
console.log('build assets: every asset a client script names exists');

// Every test file gets its own upload storage folder (the seed stores a demo upload; two test
// files seeding at once must not share one). Runs before the file imports the server's config.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

process.env.STORAGE_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'encore-test-storage-'));

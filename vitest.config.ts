import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup/storage-dir.ts'],
    // Migrated and demo-seeded database templates, built once per run (tests/helpers/db.ts).
    globalSetup: ['tests/setup/db-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry; two workers match the 2-core CI machine.
    maxWorkers: 2,
  },
});

// Imported first by the history import CLI (and its bench) so that it runs before the database
// client reads its configuration. PGlite's buffer cache lives in the WebAssembly heap, which never
// shrinks: at PostgreSQL's 128 MB default a 2-million-row write leaves the process about 110 MB
// larger for good. An import reads each page once, so a smaller cache costs it nothing measurable
// (bench/history-import.ts) and keeps the CLI under its 500 MB budget. A server keeps the default.
process.env.PGLITE_SHARED_BUFFERS ??= '32MB';
export {};

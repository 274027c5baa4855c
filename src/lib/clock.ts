// "Now" for code that runs both in the browser and on the server: the form's date rules (the
// earliest event date), "today" of the islands, which the server renders first. In the browser it
// is the browser's clock; on the server it is the server's clock (src/server/lib/clock.ts
// registers itself here), which ENCORE_NOW may move in tests. Kept on globalThis so every bundle
// of the same process (the start script and the built pages) sees the one registration.
const KEY = Symbol.for('encore.clock');
type Holder = { [KEY]?: () => number };

export function currentTimeMs(): number {
  const clock = (globalThis as Holder)[KEY];
  return clock ? clock() : Date.now();
}

export function currentTime(): Date {
  return new Date(currentTimeMs());
}

/** The server's clock module registers its `nowMs` (nothing else should). */
export function registerClock(clock: () => number): void {
  (globalThis as Holder)[KEY] = clock;
}

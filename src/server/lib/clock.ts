// The server's one clock. Every expiry rule (tokens, codes, challenges, rate limits, lockouts)
// reads it, so tests move time with setClock instead of sleeping (issue 3 tests).
let provider: () => number = () => Date.now();

export function nowMs(): number {
  return provider();
}

export function now(): Date {
  return new Date(provider());
}

/** Tests only: replace the clock; call with no argument to restore real time. */
export function setClock(fn?: () => number): void {
  provider = fn ?? (() => Date.now());
}

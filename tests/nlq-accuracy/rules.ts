// The fixed instant the accuracy set is asked at (RULES.md): the demo seed is laid out around it
// and the server clock is pinned to it, so "last season" or "nächste Woche" always mean the same
// days. A Tuesday.
export const NOW = new Date('2026-11-24T00:00:00Z');

// Adjusted Rand index (Hubert & Arabie 1985): agreement of two partitions of the same points,
// corrected for chance. 1 = identical up to renaming, about 0 = no better than random labels.
// Used to measure stability: runs with different seeds, and runs on bootstrap samples.

const choose2 = (x: number) => (x * (x - 1)) / 2;

export function adjustedRandIndex(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error('adjustedRandIndex: partitions of different sizes');
  const n = a.length;
  if (n < 2) return 1;
  const table = new Map<string, number>();
  const rows = new Map<number, number>();
  const cols = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const key = `${a[i]}:${b[i]}`;
    table.set(key, (table.get(key) ?? 0) + 1);
    rows.set(a[i], (rows.get(a[i]) ?? 0) + 1);
    cols.set(b[i], (cols.get(b[i]) ?? 0) + 1);
  }
  let index = 0;
  for (const v of table.values()) index += choose2(v);
  let sumRows = 0;
  for (const v of rows.values()) sumRows += choose2(v);
  let sumCols = 0;
  for (const v of cols.values()) sumCols += choose2(v);
  const expected = (sumRows * sumCols) / choose2(n);
  const max = (sumRows + sumCols) / 2;
  // Both partitions put everything in one cluster (or each point alone): they agree completely.
  if (max === expected) return 1;
  return (index - expected) / (max - expected);
}

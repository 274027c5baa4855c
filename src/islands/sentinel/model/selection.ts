// spec 3 §4 Selection: if the selection changes by more than one row and equals the whole page
// or all rows, the whole answer set is selected; otherwise the chosen rows are kept.
export type Selection = Record<string, boolean>;

const chosen = (s: Selection) => Object.keys(s).filter((k) => s[k]);

export function nextSelection(prev: Selection, next: Selection, pageIds: readonly string[], allIds: readonly string[]): Record<string, true> {
  const before = new Set(chosen(prev));
  const after = new Set(chosen(next));
  let changed = 0;
  for (const id of after) if (!before.has(id)) changed++;
  for (const id of before) if (!after.has(id)) changed++;
  const coversPage = pageIds.length > 0 && pageIds.every((id) => after.has(id));
  const coversAll = allIds.length > 0 && allIds.every((id) => after.has(id));
  if (changed > 1 && (coversPage || coversAll)) return Object.fromEntries(allIds.map((id) => [id, true] as const));
  const out: Record<string, true> = {};
  for (const id of after) out[id] = true;
  return out;
}

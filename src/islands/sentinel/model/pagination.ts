// spec 3 §2 paginator: 50 ids a page; the pages within 2 of the current one, an ellipsis for a
// gap, and first/last links when there are more than 3 pages.
import { PAGE } from './constants';

export type PageItem = { kind: 'page'; page: number } | { kind: 'ellipsis'; key: string };

export const pageCount = (total: number, size: number = PAGE.pageSize) => Math.max(1, Math.ceil(total / size));

/** Pages are 1-based. */
export function pageItems(current: number, pages: number): PageItem[] {
  const from = Math.max(1, current - 2);
  const to = Math.min(pages, current + 2);
  const items: PageItem[] = [];
  const withEnds = pages > 3;
  if (withEnds && from > 1) {
    items.push({ kind: 'page', page: 1 });
    if (from > 2) items.push({ kind: 'ellipsis', key: 'start' });
  }
  for (let p = from; p <= to; p++) items.push({ kind: 'page', page: p });
  if (withEnds && to < pages) {
    if (to < pages - 1) items.push({ kind: 'ellipsis', key: 'end' });
    items.push({ kind: 'page', page: pages });
  }
  return items;
}

/** The ids of one page of the answer. */
export function pageIds(ids: readonly string[], page: number, size: number = PAGE.pageSize): string[] {
  return ids.slice((page - 1) * size, page * size);
}

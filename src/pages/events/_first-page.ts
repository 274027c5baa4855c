// The first page of an events list rendered into the HTML, so /events and /campaigns paint with
// rows rather than loading bones. The island fetches the same page itself when this fails.
// (Astro routes no file whose name starts with "_".)
import { filtersFromSearch, listKey, toListQuery } from '../../islands/events/list/filters';
import { getDb } from '../../server/db/client';
import { listEventsForViewer } from '../../server/modules/events/list';

export async function firstListPage(viewer: Parameters<typeof listEventsForViewer>[1], search: URLSearchParams, today: string, what: string) {
  const query = toListQuery(filtersFromSearch(search, today), today);
  const raw = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]));
  return listEventsForViewer(await getDb(), viewer, raw)
    .then((list) => ({ key: listKey(query), list }))
    .catch((err: unknown) => {
      console.error(`Server-rendered ${what} failed`, err);
      return null;
    });
}

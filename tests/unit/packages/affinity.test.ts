// Who ranks first for an upcoming event: customers whose history resembles it (content), whose
// history is bought together with it (co-purchases), recently and at its price level.
import { describe, expect, it } from 'vitest';
import { MAX_LINKS, buildPackages, linkEvents, type BuildInput, type EventFeatures, type Purchase } from '../../../src/server/engines/packages';
import { MIN_CONTENT } from '../../../src/server/engines/packages/affinity';
import { DAY, NOW, genreEvent, purchase, season } from './helpers';

const upcoming = genreEvent('classical', 'up', 45);
const classical = [0, 1, 2, 3, 4, 5].map((k) => genreEvent('classical', `c${k}`, -40 - k * 50));
const pop = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => genreEvent('pop', `p${k}`, -35 - k * 30));

/** Ids in the single variation's order (best first) for one chosen event. */
function ranking(pastEvents: EventFeatures[], purchases: Purchase[], ids: number[]): number[] {
  const input: BuildInput = {
    chosenEvents: [upcoming],
    pastEvents,
    purchases,
    customers: ids.map((id) => ({ id, adsOptOut: false })),
    nowMs: NOW,
    settings: { targeting_mode: 'selective_mode', num_packages: 1, audienceShare: 1 },
  };
  return buildPackages(input).variations[0]?.customer_ids ?? [];
}

const boughtAll = (id: number, events: EventFeatures[], over: Partial<Purchase> = {}) =>
  events.map((e) => purchase(id, e.id, { soldAtMs: e.startMs - 14 * DAY, amountMinor: (e.price ?? 30) * 200, ...over }));

describe('content links', () => {
  it('links an upcoming concert to past concerts of its kind before anything else', () => {
    const { links } = linkEvents([upcoming], [...pop, ...classical]);
    const linked = links[0].links.map((l) => l.pastEventId);
    expect(linked.slice(0, classical.length).sort()).toEqual(classical.map((e) => e.id).sort());
    expect(links[0].links.every((l, i, all) => i === 0 || all[i - 1].similarity >= l.similarity)).toBe(true);
  });

  it('a shared performer or work outweighs a shared hall and weekday', () => {
    const soloist = genreEvent('opera', 'netrebko', -60, { artists: ['Gewandhausorchester'], composers: [], description: 'Arien', hallId: 9, hallName: 'Elsewhere' });
    const sameHall = genreEvent('pop', 'band', -60, { hallId: upcoming.hallId, startMs: upcoming.startMs - 70 * DAY });
    const { matrix } = linkEvents([upcoming], [soloist, sameHall]);
    expect(matrix[0]).toBeGreaterThan(matrix[1]);
  });

  it('never links products', () => {
    const voucher = { ...classical[0], id: 'voucher', category: 'product' };
    expect(linkEvents([upcoming], [voucher]).matrix[0]).toBe(0);
  });
});

describe('affinity ranking', () => {
  it('ranks a customer who bought many similar past events above one who bought more unrelated ones', () => {
    const order = ranking([...classical, ...pop], [...boughtAll(1, pop), ...boughtAll(2, classical.slice(0, 4))], [1, 2]);
    expect(order[0]).toBe(2);
    expect(order.indexOf(1)).not.toBe(0);
  });

  it('ranks more matching purchases above fewer', () => {
    const order = ranking(classical, [...boughtAll(1, classical.slice(0, 1)), ...boughtAll(2, classical.slice(0, 5))], [1, 2]);
    expect(order).toEqual([2, 1]);
  });

  it('ranks recent buyers above those who bought the same long ago', () => {
    const events = classical.slice(0, 3);
    const order = ranking(classical, [...boughtAll(1, events, { soldAtMs: NOW - 6 * 365 * DAY }), ...boughtAll(2, events)], [1, 2]);
    expect(order).toEqual([2, 1]);
  });

  it("ranks customers who pay the event's price level above those who pay far more", () => {
    const events = classical.slice(0, 3);
    // the upcoming concert costs 45; customer 1 pays 200 a ticket, customer 2 pays 45
    const order = ranking(classical, [...boughtAll(1, events, { amountMinor: 40_000 }), ...boughtAll(2, events, { amountMinor: 9_000 })], [1, 2]);
    expect(order).toEqual([2, 1]);
  });

  it('reaches buyers of a different-looking event that the similar events’ audience also buys (co-purchases)', () => {
    // Customers 10–19 bought classical concerts and a comedy night; customer 1 bought only that
    // comedy night, customer 2 only another comedy night nobody else bought.
    const together = genreEvent('comedy', 'k1', -80, { venueId: 2 });
    const alone = genreEvent('comedy', 'k2', -80, { venueId: 2 });
    const fans = Array.from({ length: 10 }, (_, n) => 10 + n);
    const purchases = [...fans.flatMap((id) => [...boughtAll(id, classical.slice(0, 2)), purchase(id, 'k1')]), purchase(1, 'k1'), purchase(2, 'k2')];
    const { links } = linkEvents([upcoming], [...classical, together, alone]);
    expect(links[0].links.map((l) => l.pastEventId)).not.toContain('k1');
    const order = ranking([...classical, together, alone], purchases, [...fans, 1, 2]);
    expect(order).toContain(1);
    expect(order).not.toContain(2);
  });

  it('reaches buyers of a similar past event beyond the linked ones by content alone', () => {
    // More close matches than an event has links: the last ones are not anchors, and their only
    // buyer shares no purchase with anyone.
    const many = Array.from({ length: MAX_LINKS + 5 }, (_, k) => genreEvent('classical', `m${String(k).padStart(2, '0')}`, -20 - k * 7));
    const linked = new Set(linkEvents([upcoming], many).links[0].links.map((l) => l.pastEventId));
    const outside = many.find((e) => !linked.has(e.id))!;
    const order = ranking(many, [...boughtAll(1, [outside]), ...boughtAll(2, [...linked].slice(0, 2).map((id) => many.find((e) => e.id === id)!))], [1, 2]);
    expect(order).toContain(1);
  });

  it('reaches the buyers of its kind of show for a new production that resembles no past event', () => {
    // A symphony concert with a new orchestra and programme, at another venue, at another price,
    // on a Tuesday afternoon, where the past ones played on Saturday evenings: no past concert is
    // a content match or a link, and nobody has bought it with anything. The customers who buy
    // symphony concerts are still its audience, the pop fans are not (issue 23 evaluation: such
    // events were left to a few weak links).
    const saturdays = [2, 9, 16, 23].map((d) => genreEvent('classical', `sat${d}`, 0, { startMs: Date.parse(`2026-05-${String(d).padStart(2, '0')}T19:00:00Z`) }));
    const premiere = genreEvent('classical', 'new', 45, {
      artists: ['Orchestre Nouveau'],
      composers: ['Lili Boulanger'],
      description: 'Psaumes',
      title: 'Boulanger Psaumes',
      venueId: 5,
      venueName: 'Kulturbahnhof',
      hallId: 7,
      hallName: 'Studio',
      price: 150,
      startMs: Date.parse('2026-07-14T14:00:00Z'),
    });
    const past = [...saturdays, ...pop];
    const { matrix, links } = linkEvents([premiere], past);
    expect(Math.max(...matrix)).toBeLessThan(MIN_CONTENT);
    expect(links[0].links).toEqual([]);
    const input: BuildInput = {
      chosenEvents: [premiere],
      pastEvents: past,
      purchases: [...boughtAll(1, saturdays.slice(0, 3)), ...boughtAll(2, saturdays.slice(3)), ...boughtAll(3, pop.slice(0, 4))],
      customers: [1, 2, 3].map((id) => ({ id, adsOptOut: false })),
      nowMs: NOW,
      settings: { targeting_mode: 'selective_mode', num_packages: 1, audienceShare: 1 },
    };
    expect(buildPackages(input).variations[0]?.customer_ids).toEqual([1, 2]);
  });

  it('puts each taste first for its own event in a generated season', () => {
    const s = season(7);
    const build = buildPackages({ ...s, settings: { targeting_mode: 'selective_mode', num_packages: 3, n_top_events: 1, audienceShare: 1 } });
    for (const v of build.variations) {
      const genreIndex = ['classical', 'opera', 'pop'].indexOf(v.event_ids[0].split('-')[0]);
      const top = v.customer_ids.slice(0, 10);
      // customer ids are genre index × 1000 + n
      expect(top.every((id) => Math.floor(id / 1000) === genreIndex)).toBe(true);
    }
  });
});

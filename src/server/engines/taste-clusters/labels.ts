// A cluster's name from its dominant traits, in English and German: the families it buys far more
// than the partner's customers on the whole, then its two most pronounced habits ("Opera lovers,
// premium, early bookers"). Keywords for the campaign's interests come from the families.
import { FAMILIES, FAMILY_AUDIENCE, FAMILY_KEYWORDS, FAMILY_TOPIC, type Family } from './families';
import type { ClusterLabel, ClusterProfile, TraitCode } from './types';

/** A family dominates when it holds this share of the members' tickets… */
const DOMINANT_SHARE = 0.25;
/** …and this many times its share among all customers. */
const DOMINANT_LIFT = 1.5;

const TRAIT_TEXT: Record<TraitCode, { en: string; de: string }> = {
  premium: { en: 'premium seats', de: 'Premiumplätze' },
  budget: { en: 'price-conscious', de: 'preisbewusst' },
  last_minute: { en: 'last-minute', de: 'kurzfristig buchend' },
  early: { en: 'early bookers', de: 'Frühbucher' },
  frequent: { en: 'regulars', de: 'Stammgäste' },
  occasional: { en: 'occasional', de: 'Gelegenheitsbesucher' },
  groups: { en: 'in groups', de: 'in Gruppen' },
  lapsed: { en: 'lapsed', de: 'länger inaktiv' },
  recent: { en: 'recently active', de: 'kürzlich aktiv' },
  travelling: { en: 'travelling in', de: 'mit Anreise' },
  local: { en: 'locals', de: 'aus der Nähe' },
};

export const traitText = (t: TraitCode) => TRAIT_TEXT[t];

const ratio = (a: number, b: number) => (b > 0 ? a / b : a > 0 ? Infinity : 1);

/**
 * The habits in which the cluster stands out, strongest first. Strength is the size of the
 * deviation on a log scale (ratio to the population), and each has a floor below which it is
 * not worth naming.
 */
export function clusterTraits(c: ClusterProfile, all: ClusterProfile): TraitCode[] {
  const found: [TraitCode, number][] = [];
  const add = (code: TraitCode, r: number, min: number) => {
    if (r >= min) found.push([code, Math.log(r)]);
  };
  add('premium', ratio(c.relativePrice, all.relativePrice), 1.08);
  add('budget', ratio(all.relativePrice, c.relativePrice), 1.08);
  // Lead time and recency in days are +1 so a cluster at 0 days is not infinitely different.
  add('last_minute', ratio(all.leadDays + 1, c.leadDays + 1), 1.6);
  add('early', ratio(c.leadDays + 1, all.leadDays + 1), 1.5);
  add('frequent', ratio(c.ordersPerYear, all.ordersPerYear), 1.6);
  add('occasional', ratio(all.ordersPerYear, c.ordersPerYear), 1.6);
  if (c.ticketsPerOrder >= 2.6) add('groups', ratio(c.ticketsPerOrder, all.ticketsPerOrder), 1.15);
  add('lapsed', ratio(c.recencyDays + 1, all.recencyDays + 1), 1.7);
  add('recent', ratio(all.recencyDays + 1, c.recencyDays + 1), 1.7);
  if (c.distanceKm !== null && all.distanceKm !== null) {
    if (c.distanceKm >= 30) add('travelling', ratio(c.distanceKm + 5, all.distanceKm + 5), 1.8);
    if (c.distanceKm <= 15) add('local', ratio(all.distanceKm + 5, c.distanceKm + 5), 1.8);
  }
  return found.sort((a, b) => b[1] - a[1]).map(([code]) => code);
}

/** Families the cluster buys markedly more than everyone, most bought first (at most two). */
export function dominantFamilies(c: ClusterProfile, all: ClusterProfile): Family[] {
  return FAMILIES.map((f, i) => ({ f, share: c.familyShares[i], lift: ratio(c.familyShares[i], all.familyShares[i]) }))
    .filter((x) => x.share >= DOMINANT_SHARE && x.lift >= DOMINANT_LIFT)
    .sort((a, b) => b.share - a.share)
    .slice(0, 2)
    .map((x) => x.f);
}

function head(families: Family[]): { en: string; de: string } {
  if (families.length === 0) return { en: 'All-rounders', de: 'Vielseitiges Publikum' };
  if (families.length === 1) return FAMILY_AUDIENCE[families[0]];
  const [a, b] = families.map((f) => FAMILY_TOPIC[f]);
  return { en: `Fans of ${a.en} & ${b.en}`, de: `Fans von ${a.de} & ${b.de}` };
}

export function labelCluster(c: ClusterProfile, all: ClusterProfile, traitCount = 2): ClusterLabel {
  const families = dominantFamilies(c, all);
  const traits = clusterTraits(c, all).slice(0, traitCount);
  const h = head(families);
  const label = {
    en: [h.en, ...traits.map((t) => TRAIT_TEXT[t].en)].join(', '),
    de: [h.de, ...traits.map((t) => TRAIT_TEXT[t].de)].join(', '),
  };
  // A broad cluster still has interests: its three most bought families.
  const keywordFamilies = families.length
    ? families
    : FAMILIES.map((f, i) => ({ f, s: c.familyShares[i] })).sort((a, b) => b.s - a.s).slice(0, 3).map((x) => x.f);
  const uniq = (xs: string[]) => [...new Set(xs)].slice(0, 6);
  return {
    families,
    traits,
    label,
    keywords: {
      en: uniq(keywordFamilies.flatMap((f) => FAMILY_KEYWORDS[f].en)),
      de: uniq(keywordFamilies.flatMap((f) => FAMILY_KEYWORDS[f].de)),
    },
  };
}

/**
 * Labels of all clusters of a run, distinct from each other: where two read the same, they get
 * a further trait, and where that does not tell them apart either, a number.
 */
export function labelClusters(profiles: readonly ClusterProfile[], all: ClusterProfile): ClusterLabel[] {
  const labels = profiles.map((p) => labelCluster(p, all));
  for (let extra = 3; extra <= 4; extra++) {
    const counts = new Map<string, number>();
    for (const l of labels) counts.set(l.label.en, (counts.get(l.label.en) ?? 0) + 1);
    labels.forEach((l, i) => {
      if (counts.get(l.label.en)! > 1) labels[i] = labelCluster(profiles[i], all, extra);
    });
  }
  const seen = new Map<string, number>();
  for (const l of labels) {
    const n = (seen.get(l.label.en) ?? 0) + 1;
    seen.set(l.label.en, n);
    if (n > 1) l.label = { en: `${l.label.en} (${n})`, de: `${l.label.de} (${n})` };
  }
  return labels;
}

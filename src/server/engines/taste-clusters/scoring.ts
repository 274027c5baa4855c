// How well each cluster fits one event (spec 2 §3 Campaign: attractiveness, buying_power,
// potential, rank, tc_size).
//
//   attractiveness = 0.75 · taste + 0.25 · price fit                                   (0–1)
//     taste      = the cluster's share of the event's family ÷ the highest such share of any cluster
//     price fit  = exp(−|ln(event price ÷ the cluster's mean price paid)|), 1 when the event has no price yet
//   buying_power   = the cluster's ticket spend per customer and year ÷ the highest of any cluster (0–1)
//   potential      = (tc_size − members who already bought for this event) × attractiveness
//                    (customers likely to be interested who are not yet in the hall)
//   rank           = 1 for the highest potential (ties: attractiveness, then the smaller tc)
import { familyIndex, type Family } from './families';
import type { ClusterProfile } from './types';

export interface EventForScoring {
  /** null for a product: no taste family, so taste counts nothing and price fit decides. */
  family: Family | null;
  /** Mean ticket price in major units (paid so far, else the event's list price); null when unknown. */
  price: number | null;
}

export interface ClusterScore {
  attractiveness: number;
  buyingPower: number;
  potential: number;
  rank: number;
  tcSize: number;
  alreadyBought: number;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export function scoreClusters(
  clusters: readonly { tc: number; profile: ClusterProfile; alreadyBought: number }[],
  event: EventForScoring,
): ClusterScore[] {
  const fi = event.family === null ? -1 : familyIndex(event.family);
  const maxShare = fi < 0 ? 0 : Math.max(...clusters.map((c) => c.profile.familyShares[fi]));
  const maxSpend = Math.max(...clusters.map((c) => c.profile.annualSpend));
  const scores = clusters.map((c) => {
    const taste = maxShare > 0 ? c.profile.familyShares[fi] / maxShare : 0;
    const priceFit = event.price !== null && event.price > 0 && c.profile.meanPrice > 0 ? Math.exp(-Math.abs(Math.log(event.price / c.profile.meanPrice))) : 1;
    const attractiveness = 0.75 * taste + 0.25 * priceFit;
    const size = c.profile.customers;
    const already = Math.min(size, Math.max(0, c.alreadyBought));
    return {
      tc: c.tc,
      attractiveness: round3(attractiveness),
      buyingPower: round3(maxSpend > 0 ? c.profile.annualSpend / maxSpend : 0),
      potential: Math.round((size - already) * attractiveness),
      rank: 0,
      tcSize: size,
      alreadyBought: already,
    };
  });
  const order = scores.map((_, i) => i).sort((a, b) => scores[b].potential - scores[a].potential || scores[b].attractiveness - scores[a].attractiveness || scores[a].tc - scores[b].tc);
  order.forEach((i, r) => (scores[i].rank = r + 1));
  return scores.map(({ tc: _tc, ...s }) => s);
}

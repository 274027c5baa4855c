// Development diagnostic of the propensity ranker (not part of the evaluation): on one data set,
// per chosen event, the precision of the top N customers by the model's p(u, e), by the
// hand-weighted affinity and by purchases in the event's category (the category baseline's
// rule), N = the event's hidden-season buyers with history. Usage:
//   npx tsx bench/packages-rank-diag.ts [--dataset "demo 1001, personas"]
import { BuildSettings } from '../src/server/engines/packages/types';
import { linkEvents } from '../src/server/engines/packages/links';
import { indexHistory } from '../src/server/engines/packages/history';
import { eligibleCustomers, purchaseFilter } from '../src/server/engines/packages/segmentation';
import { collaborativeWeights } from '../src/server/engines/packages/collaborative';
import { purchaseWeights, sameCategory, scoreCustomers } from '../src/server/engines/packages/affinity';
import { applyPropensity, rankCustomers, trainPropensity } from '../src/server/engines/packages/propensity';
import { planVariations } from '../src/server/engines/packages/variations';
import { DEMO_PARTNER_INFO, REGIMES, demoDataset } from './packages-eval-data';

const args = process.argv.slice(2);
const DATASET = args.includes('--dataset') ? args[args.indexOf('--dataset') + 1] : 'demo 1001, personas';
const [partnerId, regime] = DATASET.replace('demo ', '').split(', ');
const d = demoDataset(DEMO_PARTNER_INFO.find((p) => String(p.id) === partnerId)!, regime as (typeof REGIMES)[number]);
const settings = BuildSettings.parse({ targeting_mode: 'selective_mode' });
const byId = <T extends { id: string | number }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const customers = [...d.customers].sort(byId);
const past = [...d.pastEvents].sort(byId);
const split = { disjoint: 0, unsplit: 0, category: 0, n: 0 };
const MODE = (args.includes('--mode') ? args[args.indexOf('--mode') + 1] : 'selective') + '_mode';
const sums = { model: 0, affinity: 0, category: 0, hindsight: 0, n: 0 };
// Hindsight (not a method: it reads the hidden season): per customer and category, purchases of
// other hidden events of that category. How far above the category rule a ranker could get.
const hiddenCat = new Map<string, Map<number, Map<string, number>>>();
for (const [id, set] of d.buyers) {
  const c = d.category.get(id)!;
  const m = hiddenCat.get(c) ?? new Map<number, Map<string, number>>();
  for (const u of set) {
    const per = m.get(u) ?? new Map<string, number>();
    per.set(id, 1);
    m.set(u, per);
  }
  hiddenCat.set(c, m);
}
for (const batch of d.batches) {
  const chosen = [...batch].sort(byId);
  const links = linkEvents(chosen, past);
  const history = indexHistory(customers, past.map((e) => e.id), d.history, purchaseFilter(settings.filters, d.cutoffMs), 100);
  const eligible = eligibleCustomers(customers, history.typicalPrice, settings.filters, false);
  const cf = collaborativeWeights(history, links);
  const E = chosen.length;
  const cat = sameCategory(chosen, past);
  const aff = scoreCustomers(history, purchaseWeights(links.matrix, cf, E, past.length, cat), chosen.map((e) => e.price), eligible, d.cutoffMs).scores;
  const t = trainPropensity({ chosen: links.chosen, pastEvents: past, customers, history, nowMs: d.cutoffMs });
  if (!t.ok) throw new Error(t.reason);
  const prob = applyPropensity(t.ranker, { history, past: links.past, targets: links.chosen, content: links.matrix, collaborative: cf, affinity: aff, cutoffMs: d.cutoffMs }, eligible);
  const n = customers.length;
  // Variations: the engine's lists, the same variations' top N by P(any of their events) without
  // the selective split, and the category rule for the same N.
  const ranking = rankCustomers({ chosen: links.chosen, pastEvents: past, customers, nowMs: d.cutoffMs, history, past: links.past, content: links.matrix, collaborative: cf, affinity: aff, eligible, audienceShare: settings.audienceShare });
  const plans = planVariations(ranking.scores, E, ranking.audience, { numPackages: 3, nTopEvents: 3, mode: MODE as 'selective_mode', seed: 1, probabilities: ranking.probabilities });
  const purchasesIn = (cats: Set<string>) => {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) for (let r = history.offsets[i]; r < history.offsets[i + 1]; r++) out[i] += cats.has(past[history.event[r]].category) ? 1 : 1e-6;
    return out;
  };
  for (const plan of plans) {
    const buyers = new Set<number>();
    for (const e of plan.events) for (const id of d.buyers.get(chosen[e].id) ?? []) buyers.add(id);
    const N = plan.customers.length;
    const hits = (list: number[]) => list.filter((i) => buyers.has(customers[i].id)).length;
    const pAny = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let none = 1;
      for (const e of plan.events) none *= 1 - ranking.probabilities![i * E + e];
      pAny[i] = 1 - none;
    }
    const all = Array.from({ length: n }, (_, i) => i);
    const cc = purchasesIn(new Set(plan.events.map((e) => chosen[e].category)));
    split.disjoint += hits(plan.customers);
    split.unsplit += hits(all.filter((i) => pAny[i] > 0).sort((a, b) => pAny[b] - pAny[a] || a - b).slice(0, N));
    split.category += hits(all.filter((i) => cc[i] > 0).sort((a, b) => cc[b] - cc[a] || a - b).slice(0, N));
    split.n += N;
  }
  for (let e = 0; e < E; e++) {
    const buyers = new Set([...(d.buyers.get(chosen[e].id) ?? [])]);
    const catCount = new Float64Array(n);
    const total = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      for (let r = history.offsets[i]; r < history.offsets[i + 1]; r++) {
        total[i]++;
        if (cat[e * past.length + history.event[r]]) catCount[i]++;
      }
    }
    const withHistory = [...buyers].filter((id) => total[id - 1] > 0).length; // ids are index + 1 in the demo
    const N = withHistory;
    const top = (score: (i: number) => number) => {
      const ids = Array.from({ length: n }, (_, i) => i).filter((i) => total[i] > 0).sort((a, b) => score(b) - score(a) || a - b).slice(0, N);
      return ids.filter((i) => buyers.has(customers[i].id)).length;
    };
    sums.model += top((i) => prob[i * E + e]);
    sums.affinity += top((i) => aff[i * E + e]);
    sums.category += top((i) => catCount[i] + total[i] * 1e-6);
    const hc = hiddenCat.get(chosen[e].category)!;
    sums.hindsight += top((i) => {
      const per = hc.get(customers[i].id);
      return (per ? per.size - (per.has(chosen[e].id) ? 1 : 0) : 0) + catCount[i] * 0.01;
    });
    sums.n += N;
  }
}
console.log(`${DATASET}: precision at N = buyers, pooled over ${d.batches.flat().length} events: model ${(sums.model / sums.n * 100).toFixed(1)} % affinity ${(sums.affinity / sums.n * 100).toFixed(1)} % category ${(sums.category / sums.n * 100).toFixed(1)} % (hindsight ${(sums.hindsight / sums.n * 100).toFixed(1)} %)`);
console.log(`${MODE} variations, hit rate pooled: engine lists ${(split.disjoint / split.n * 100).toFixed(1)} %, same variations top N by P(any) without the split ${(split.unsplit / split.n * 100).toFixed(1)} %, category ${(split.category / split.n * 100).toFixed(1)} %`);

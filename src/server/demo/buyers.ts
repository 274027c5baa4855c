// Who buys a generated sale. Loyalty is Zipf-like (a few customers buy very often, most a handful
// of times) and taste follows the personas (personas.ts): the sale's kind, seat, phase and basket
// pick a persona, then the persona's customers are drawn by loyalty.
//
// Each choice consumes exactly one number of the caller's stream, as the seed's buyer choice always
// did: the persona and the rank within it both come from that one uniform (the persona by where it
// falls among the cumulative weights, the rank from where it falls inside its persona's slice), so
// adding tastes changed who buys, never what, when or for how much.
import type { Rng } from './random';
import { PERSONAS, personaFit, type Persona, type SaleTraits } from './personas';

/** Customers of one persona in loyalty order (slot numbers), with its Zipf flattening constant. */
interface Pool {
  slots: number[];
  c: number;
}

export class Buyers {
  private readonly pools: Pool[];
  private readonly shares: number[];
  private readonly personas: readonly Persona[];

  /**
   * @param loyalty shuffles loyalty against sign-up order (the seed's 'buyers' stream)
   * @param tastes assigns each customer a persona (its own stream, so loyalty order is unchanged)
   * @param personas the audience's personas (default the demo's; other sets make other buying regimes)
   */
  constructor(loyalty: Rng, n: number, tastes: Rng, personas: readonly Persona[] = PERSONAS) {
    this.personas = personas;
    const rankToSlot = loyalty.shuffle(Array.from({ length: n }, (_, i) => i));
    const personaOfSlot = new Uint8Array(n);
    const cumulative = personas.map(((sum) => (p) => (sum += p.share))(0));
    const total = cumulative[cumulative.length - 1];
    for (let slot = 0; slot < n; slot++) {
      const r = tastes.next() * total;
      personaOfSlot[slot] = Math.max(0, cumulative.findIndex((c) => r < c));
    }
    this.pools = personas.map(() => ({ slots: [], c: 0 }));
    for (const slot of rankToSlot) this.pools[personaOfSlot[slot]].slots.push(slot);
    for (const pool of this.pools) pool.c = Math.max(50, pool.slots.length / 20);
    // A persona without customers (tiny populations) can never be chosen.
    this.shares = personas.map((p, i) => (this.pools[i].slots.length ? p.share : 0));
  }

  /** The persona for this sale and the leftover uniform (for the rank), from one draw. */
  private choose(u: number, sale: SaleTraits): { pool: Pool; v: number } {
    const weights = this.personas.map((p, i) => this.shares[i] * personaFit(p, sale));
    const total = weights.reduce((a, b) => a + b, 0);
    let x = u * total;
    let i = 0;
    for (; i < weights.length - 1; i++) {
      if (x < weights[i]) break;
      x -= weights[i];
    }
    return { pool: this.pools[i], v: Math.min(0.999999, Math.max(0, x / weights[i])) };
  }

  /** Rank r within the persona with probability ∝ 1/(r + c): x log-uniform on [c, n + c], rank = x − c. */
  any(rng: Rng, sale: SaleTraits): number {
    const { pool, v } = this.choose(rng.next(), sale);
    const n = pool.slots.length;
    const x = pool.c * ((n + pool.c) / pool.c) ** v;
    return pool.slots[Math.min(Math.floor(x - pool.c), n - 1)];
  }

  /** Subscribers come from the most loyal tenth of the persona's customers. */
  subscriber(rng: Rng, sale: SaleTraits): number {
    const { pool, v } = this.choose(rng.next(), sale);
    return pool.slots[Math.floor(v * Math.max(1, Math.ceil(pool.slots.length * 0.1)))];
  }
}

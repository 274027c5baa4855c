// The Sentinel columns of the demo (./profiles.ts): plausible, consistent with what each customer
// did.
import { beforeAll, describe, expect, it } from 'vitest';
import { planCatalog, type CatalogPlan } from '../../../src/server/demo/catalog-plan';
import { PROPERTY_WORDS } from '../../../src/server/demo/people';

const NOW = new Date('2026-03-15T00:00:00Z');
const plans: Record<'de' | 'en', CatalogPlan> = {} as never;

beforeAll(() => {
  plans.de = planCatalog({ id: 1001, currency: 'EUR', language: 'de', product: 'full-service' }, { scale: 'demo', now: NOW, seedKey: 'profiles-test' });
  plans.en = planCatalog({ id: 1002, currency: 'GBP', language: 'en', product: 'full-service' }, { scale: 'demo', now: NOW, seedKey: 'profiles-test' });
}, 120_000);

const share = (xs: unknown[], keep: (x: unknown) => boolean) => xs.filter(keep).length / xs.length;

describe('customer profiles', () => {
  it('salutations follow the partner language; mail addresses are unique and never deliverable', () => {
    expect(new Set(plans.de.profiles.salutation.filter(Boolean))).toEqual(new Set(['Frau', 'Herr', 'divers']));
    expect(new Set(plans.en.profiles.salutation.filter(Boolean))).toEqual(new Set(['Ms', 'Mr', 'Mx']));
    for (const plan of Object.values(plans)) {
      const mails = plan.profiles.email.filter((m): m is string => m !== null);
      expect(new Set(mails).size).toBe(mails.length);
      for (const m of [...mails, ...plan.profiles.email2.filter((m): m is string => m !== null)]) expect(m).toMatch(/^[a-z0-9._-]+@[a-z0-9.-]+\.example$/);
    }
  });

  it('phones for about 70 %, ads opt-out for about 15 %, a second address only beside a first', () => {
    for (const plan of Object.values(plans)) {
      const p = plan.profiles;
      expect(share(p.phone1, (x) => x !== null)).toBeGreaterThan(0.65);
      expect(share(p.phone1, (x) => x !== null)).toBeLessThan(0.75);
      expect(share(p.adsOptOut, (x) => x === true)).toBeGreaterThan(0.12);
      expect(share(p.adsOptOut, (x) => x === true)).toBeLessThan(0.18);
      p.email2.forEach((m, i) => m && expect(p.email[i]).not.toBeNull());
      p.phone2.forEach((m, i) => m && expect(p.phone1[i]).not.toBeNull());
    }
  });
});

describe('custom properties', () => {
  it('the subscription tier counts the customer’s subscription purchases; newsletter "yes" never beside an opt-out', () => {
    for (const [lang, plan] of Object.entries(plans) as ['de' | 'en', CatalogPlan][]) {
      const w = PROPERTY_WORDS[lang];
      const subs = new Map<number, number>();
      plan.sales.customer.forEach((c, s) => plan.sales.ticketType[s] === 'subscription' && subs.set(c, (subs.get(c) ?? 0) + 1));
      const { customer, label, content } = plan.properties;
      let tiers = 0;
      label.forEach((l, i) => {
        const n = subs.get(customer[i]) ?? 0;
        if (l === w.subscription) {
          tiers++;
          expect(content[i]).toBe(n >= 6 ? w.tiers.gold : n >= 3 ? w.tiers.silver : n >= 1 ? w.tiers.bronze : w.tiers.none);
        }
        if (l === w.newsletter && content[i] === w.yes) expect(plan.profiles.adsOptOut[customer[i]]).toBe(false);
      });
      expect(tiers).toBeGreaterThan(100);
      // Two to four properties for most customers, some with none, and each label at most once.
      const per = new Map<number, number>();
      customer.forEach((c) => per.set(c, (per.get(c) ?? 0) + 1));
      const n = plan.customers.externalId.length;
      expect(customer.length / n).toBeGreaterThan(2);
      expect(customer.length / n).toBeLessThan(4);
      expect(per.size).toBeLessThan(n);
      expect(new Set(customer.map((c, i) => `${c}:${label[i]}`)).size).toBe(customer.length);
    }
  });
});

describe('sale details', () => {
  it('one invoice per order, discounts add up, seats only in seated halls, manual entries bare', () => {
    for (const plan of Object.values(plans)) {
      const d = plan.saleDetails;
      const s = plan.sales;
      const owner = new Map<string, number>();
      // Counted, then asserted once: an expect() per sale is too slow for 170,000 sales.
      const bad = { manual: 0, owner: 0, discount: 0, seat: 0 };
      let discounted = 0;
      let seated = 0;
      for (let i = 0; i < s.event.length; i++) {
        if (s.source[i] === 'manual') {
          if (d.invoiceId[i] !== null || d.paymentMethod[i] !== null || d.seatId[i] !== null) bad.manual++;
          continue;
        }
        const inv = d.invoiceId[i]!;
        if ((owner.get(inv) ?? s.customer[i]) !== s.customer[i]) bad.owner++;
        owner.set(inv, s.customer[i]);
        if (d.discountMinor[i] !== null) {
          discounted++;
          const ok = ['discount', 'regular_discount'].includes(s.ticketType[i]) && d.groundPriceMinor[i]! - d.discountMinor[i]! === s.amountMinor[i] && d.discountMinor[i]! >= 0;
          if (!ok) bad.discount++;
        }
        const ev = plan.events[s.event[i]];
        if (d.seatId[i] !== null) {
          seated++;
          if (!['concert_hall', 'theatre', 'civic'].includes(plan.halls[ev.hallIdx!].kind)) bad.seat++;
        }
      }
      expect(bad).toEqual({ manual: 0, owner: 0, discount: 0, seat: 0 });
      expect(owner.size).toBeLessThan(s.event.length);
      expect(discounted).toBeGreaterThan(1000);
      expect(seated).toBeGreaterThan(1000);
    }
  });
});

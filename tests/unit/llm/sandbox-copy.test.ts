// The sandbox copywriter (no LLM configured): real text from the event's facts in each of the 12
// languages of spec 2 §9, within the creative fields' limits (§5), the same for the same request.
import { describe, expect, it } from 'vitest';
import { SandboxCopyWriter, hashtag } from '../../../src/server/adapters/llm/sandbox';
import { PHRASES } from '../../../src/server/adapters/llm/sandbox-phrases';
import type { CopyFacts } from '../../../src/server/adapters/llm';
import { COPY_FIELDS } from '../../../src/lib/contracts/creative-copy';
import { CREATIVE_LANGUAGE_CODES, CREATIVE_TEXT } from '../../../src/lib/contracts/setup-process';

const facts: CopyFacts = {
  title: 'Tosca',
  category: 'opera',
  start: '2027-03-12T19:00:00.000Z',
  timezone: 'Europe/Berlin',
  venue: 'Oper Köln',
  hall: 'Großer Saal',
  city: 'Köln',
  artists: ['Anna Netrebko', 'Jonas Kaufmann'],
  descriptionExcerpt: 'Puccinis Meisterwerk in einer neuen Inszenierung.',
  cluster: { label: 'Opera lovers, premium seats', keywords: ['opera', 'classical music'] },
};
const writer = new SandboxCopyWriter();

describe('sandbox copy', () => {
  for (const language of CREATIVE_LANGUAGE_CODES) {
    for (const field of COPY_FIELDS) {
      it(`writes 3 distinct ${field}s in ${language} within ${CREATIVE_TEXT[field].max} characters, from the facts`, async () => {
        const texts = await writer.generate({ field, count: 3, language, facts });
        expect(texts).toHaveLength(3);
        expect(new Set(texts).size).toBe(3);
        for (const t of texts) {
          expect(t.length).toBeLessThanOrEqual(CREATIVE_TEXT[field].max);
          expect(t).not.toMatch(/\{\w+\}/);
          expect(t.trim()).toBe(t);
        }
        // Every text names something of this event: its title, a performer or its place.
        for (const t of texts) expect(t).toMatch(/Tosca|Netrebko|Oper Köln|Opera|Ooppera|Ópera|Opéra/);
        expect(texts.some((t) => t.includes('Tosca'))).toBe(true);
      });
    }
  }

  it('gives the same texts for the same request and other texts for another event', async () => {
    const a = await writer.generate({ field: 'headline', count: 5, language: 'de', facts });
    const b = await writer.generate({ field: 'headline', count: 5, language: 'de', facts });
    expect(a).toEqual(b);
    const other = await writer.generate({ field: 'headline', count: 5, language: 'de', facts: { ...facts, title: 'Carmen' } });
    expect(other.join()).toContain('Carmen');
    expect(other.join()).not.toContain('Tosca');
  });

  it('writes the date in the language and in the event’s zone, and the performers as a list', async () => {
    // 23:30 UTC on 31 March is 1 April in Berlin.
    const late = { ...facts, start: '2027-03-31T23:30:00.000Z' };
    const de = (await writer.generate({ field: 'body', count: 5, language: 'de', facts: late })).join(' ');
    expect(de).toContain('1. April');
    expect(de).toContain('Anna Netrebko und Jonas Kaufmann');
    const pl = (await writer.generate({ field: 'body', count: 5, language: 'pl', facts: late })).join(' ');
    expect(pl).toContain('1 kwietnia');
    const fr = (await writer.generate({ field: 'headline', count: 5, language: 'fr', facts })).join(' ');
    expect(fr).toContain('12 mars');
  });

  it('names the city once when the venue already carries it', async () => {
    const texts = await writer.generate({ field: 'description', count: 5, language: 'en', facts });
    expect(texts.join(' ')).toContain('Oper Köln ·');
    expect(texts.join(' ')).not.toContain('Köln, Köln');
    const elsewhere = await writer.generate({ field: 'description', count: 5, language: 'en', facts: { ...facts, venue: 'Philharmonie' } });
    expect(elsewhere.join(' ')).toContain('Philharmonie, Köln');
  });

  it('tags bodies with the cluster keywords', async () => {
    expect(hashtag('classical music')).toBe('#ClassicalMusic');
    expect(hashtag('Klassische Musik')).toBe('#KlassischeMusik');
    const bodies = await writer.generate({ field: 'body', count: 3, language: 'it', facts });
    expect(bodies.every((b) => b.includes('#Opera #ClassicalMusic'))).toBe(true);
  });

  it('leaves out templates whose facts are missing instead of writing holes', async () => {
    const bare: CopyFacts = { ...facts, artists: [], venue: null, hall: null, city: null, cluster: { label: 'x', keywords: [] } };
    for (const language of CREATIVE_LANGUAGE_CODES) {
      const texts = await writer.generate({ field: 'headline', count: 3, language, facts: bare });
      expect(texts).toHaveLength(3);
      for (const t of texts) expect(t).not.toMatch(/Netrebko|Köln|:\s*$|·\s*$|\s,/);
    }
  });

  it('shortens a long title so the text still fits and still reads as text', async () => {
    const long = { ...facts, title: 'Die große Gala der Opernchöre mit den schönsten Arien aus drei Jahrhunderten und einem Feuerwerk am Rhein' };
    for (const language of CREATIVE_LANGUAGE_CODES) {
      const texts = await writer.generate({ field: 'headline', count: 5, language, facts: long });
      for (const t of texts) {
        expect(t.length).toBeLessThanOrEqual(CREATIVE_TEXT.headline.max);
        expect(t).toMatch(/Die große Gala/);
      }
    }
  });

  it('has a category name for every category in every language', () => {
    for (const language of CREATIVE_LANGUAGE_CODES) {
      for (const name of Object.values(PHRASES[language].categories)) expect(name, language).toMatch(/\p{L}{3}/u);
    }
  });
});

describe('sandbox copy avoids saying a thing twice', () => {
  it('leaves out the category template when the title already names the category', async () => {
    const writer = new SandboxCopyWriter();
    const f: CopyFacts = { ...facts, title: '7. Sinfoniekonzert – Bach', category: 'symphony' };
    const texts = await writer.generate({ field: 'headline', count: 5, language: 'de', facts: f });
    expect(texts.length).toBeGreaterThanOrEqual(4);
    expect(texts.join('\n')).not.toMatch(/^Sinfoniekonzert: /m);
    const en = await writer.generate({ field: 'headline', count: 5, language: 'en', facts: f });
    expect(en.join('\n')).toMatch(/^Symphonic concert: /m);
  });
});

// Issue 20 §4: a notification keeps its template and raw values and is rendered in the reader's
// language when it is read — "72.9 %" in English, "72,9 %" in German, whatever language the
// recipient had when it was sent. Rows without a template keep their stored text.
import { describe, expect, it } from 'vitest';
import { formatNumber, renderTemplate } from '../../../src/server/modules/notifications/templates';
import { clientTemplateData, renderedCopy, withTemplate } from '../../../src/server/modules/notifications/render';

const below = { event: 'Voucher', date: '01.12.2026', predicted: 72.9, benchmark: 1250.5 };

describe('numbers in notifications', () => {
  it('are written per language, at most one decimal', () => {
    expect(formatNumber(72.9, 'en')).toBe('72.9');
    expect(formatNumber(72.9, 'de')).toBe('72,9');
    expect(formatNumber(1250.54, 'en')).toBe('1,250.5');
    expect(formatNumber(1250.54, 'de')).toBe('1.250,5');
    expect(formatNumber(18, 'de')).toBe('18');
  });

  it('a below-benchmark body shows the reader’s decimal separator', () => {
    expect(renderTemplate('eventBelowBenchmark', below, 'en').body).toContain('**72\\.9 %**');
    expect(renderTemplate('eventBelowBenchmark', below, 'de').body).toContain('**72,9 %**');
    expect(renderTemplate('eventBelowBenchmark', { ...below, predicted: null }, 'en').body).toContain('**– %**');
  });
});

describe('a stored notification', () => {
  const stored = {
    // Sent to someone whose language was German then.
    ...renderTemplate('eventBelowBenchmark', below, 'de'),
    templateData: withTemplate({ event_id: 'e1', event_category: 'opera' }, 'eventBelowBenchmark', below),
  };

  it('is rendered in the language of whoever reads it now', () => {
    expect(renderedCopy(stored, 'en')).toEqual({ title: 'Below benchmark: Voucher', body: expect.stringContaining('72\\.9 %') });
    expect(renderedCopy(stored, 'de')).toEqual({ title: 'Unter Benchmark: Voucher', body: expect.stringContaining('72,9 %') });
  });

  it('without a template, or with values that are not values, keeps its stored text', () => {
    const seeded = { title: 'Unter Benchmark: Mahler 5', body: 'Für **Mahler 5** …', templateData: { event_category: 'symphony' } };
    expect(renderedCopy(seeded, 'en')).toEqual({ title: seeded.title, body: seeded.body });
    expect(renderedCopy({ ...seeded, templateData: { template: 'eventBelowBenchmark', params: { event: { nested: 1 } } } }, 'en').title).toBe(seeded.title);
    expect(renderedCopy({ ...seeded, templateData: { template: 'toString', params: {} } }, 'en').title).toBe(seeded.title);
  });

  it('hands the client its template_data without the template and its values', () => {
    expect(clientTemplateData(stored.templateData)).toEqual({ event_id: 'e1', event_category: 'opera' });
    expect(clientTemplateData(withTemplate(null, 'uploadFinished', { file: 'f' }))).toBeNull();
    expect(clientTemplateData(null)).toBeNull();
  });

  it('seeded with its own text per language, reads in the reader\'s language; the texts stay ours', () => {
    const seeded = {
      title: 'Paket fertig',
      body: 'Ihre Pakete …',
      templateData: { event_category: 'product', copies: { en: { title: 'Package ready', body: 'Your packages …' }, de: { title: 'Paket fertig', body: 'Ihre Pakete …' } } },
    };
    expect(renderedCopy(seeded, 'en')).toEqual({ title: 'Package ready', body: 'Your packages …' });
    expect(renderedCopy(seeded, 'de')).toEqual({ title: 'Paket fertig', body: 'Ihre Pakete …' });
    // A copy that is not text falls back to the stored one.
    expect(renderedCopy({ ...seeded, templateData: { copies: { en: { title: 1 } } } }, 'en').title).toBe('Paket fertig');
    expect(clientTemplateData(seeded.templateData)).toEqual({ event_category: 'product' });
    expect(clientTemplateData({ copies: {} })).toBeNull();
  });
});

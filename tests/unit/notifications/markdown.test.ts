// Notification bodies render inert: no script, no handler, no style, no javascript: link.
import { describe, expect, it } from 'vitest';
import { plainExcerpt, renderMarkdown } from '../../../src/islands/notifications/markdown';
import { formatNotificationDate } from '../../../src/islands/notifications/format';

describe('renderMarkdown', () => {
  it('renders markdown', async () => {
    const html = await renderMarkdown('**bold** and *it*\n\n- a\n- b\n\n# Big');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>it</em>');
    expect(html).toContain('<li>a</li>');
    expect(html).toContain('<h3>Big</h3>');
  });

  it('drops scripts, handlers, styles, images and javascript:/data: links', async () => {
    const html = await renderMarkdown(
      [
        '<script>alert(1)</script><img src=x onerror="alert(2)"> <p style="color:red" onclick="alert(3)">p</p>',
        '[js](javascript:alert(4)) [data](data:text/html,hi) <a href="jAvAsCrIpT:alert(5)">x</a> [proto](//evil.example)',
        '<iframe src="/"></iframe>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<script|onerror|onclick|style=|<img|<iframe|href="(javascript|data|\/\/)/i);
    expect(html).toContain('>js</a>');
  });

  it('opens links in a new tab with rel=noopener, and marks attachment links', async () => {
    const html = await renderMarkdown('[site](https://example.com) [file](/attachment?url=/api/v3/storage/objects/1/a.pdf)');
    expect(html).toContain('href="https://example.com" target="_blank" rel="noopener noreferrer"');
    expect(html).toMatch(/href="\/attachment\?url=\/api\/v3\/storage\/objects\/1\/a.pdf" data-attachment="true"/);
  });
});

describe('plainExcerpt and dates', () => {
  it('strips marks and escapes', () => {
    expect(plainExcerpt('The file **plan\\.pdf** is [here](/x). <b>x</b>')).toBe('The file plan.pdf is here. x');
  });
  it('formats DD.MM.YYYY, HH:mm, and the date only for the product category', () => {
    expect(formatNotificationDate('2026-03-04T05:06:00Z', null, 'UTC')).toBe('04.03.2026, 05:06');
    expect(formatNotificationDate('2026-03-04T23:30:00Z', 'symphony', 'Europe/Berlin')).toBe('05.03.2026, 00:30');
    expect(formatNotificationDate('2026-03-04T05:06:00Z', 'product', 'UTC')).toBe('04.03.2026');
  });
});

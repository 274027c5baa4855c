// Reading a page's meta tags without a DOM: OpenGraph, Twitter and name tags from the head, the
// title, entities decoded, and nothing from comments, scripts or the body.
import { describe, expect, it } from 'vitest';
import { declaredCharset, decodeEntities, parseMetaTags } from '../../../src/server/modules/meta-tags/parse';

describe('parseMetaTags', () => {
  it('reads property, name and itemprop tags with any quoting, first value winning', () => {
    const html = `<!doctype html><html><head>
      <meta charset="utf-8"><title> Tosca &amp; more </title>
      <meta property="og:title" content="Tosca – Oper Köln">
      <meta property='og:image' content='/img/tosca.jpg'/>
      <META NAME=description CONTENT="Puccini&#39;s &quot;Tosca&quot;">
      <meta content="summary_large_image" name="twitter:card">
      <meta itemprop="name" content="Tosca">
      <meta property="og:title" content="second">
      <!-- <meta property="og:description" content="hidden"> -->
      <script>document.write('<meta name="x" content="y">')</script>
      </head><body><meta property="og:site_name" content="body"></body></html>`;
    const { title, tags } = parseMetaTags(html);
    expect(title).toBe('Tosca & more');
    expect(tags).toEqual({
      'og:title': 'Tosca – Oper Köln',
      'og:image': '/img/tosca.jpg',
      description: 'Puccini\'s "Tosca"',
      'twitter:card': 'summary_large_image',
      name: 'Tosca',
    });
  });

  it('answers no tags for a page without any, and survives broken markup', () => {
    expect(parseMetaTags('plain text')).toEqual({ title: null, tags: {} });
    expect(parseMetaTags('<meta property="og:title" content="unterminated').tags).toEqual({});
    const odd = parseMetaTags('<meta property="__proto__" content="x"><meta name="constructor" content="y">').tags;
    expect(Object.keys(odd)).toEqual(['constructor']);
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
  });

  it('decodes entities but not into NUL or surrogates', () => {
    expect(decodeEntities('&#x41;&#66;&lt;&unknown;&#0;&#xD800;')).toBe('AB<&unknown;');
    expect(decodeEntities('&Ouml;l &ndash; &constructor;&toString;')).toBe('Öl – &constructor;&toString;');
  });

  it('finds a declared charset', () => {
    expect(declaredCharset('<meta charset="ISO-8859-1">')).toBe('iso-8859-1');
    expect(declaredCharset('<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">')).toBe('windows-1252');
    expect(declaredCharset('<p>none</p>')).toBeNull();
  });
});

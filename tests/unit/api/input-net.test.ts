// The API's input net (src/server/api/validate.ts): whatever a contract lets through, no string
// holding NUL or an unpaired surrogate reaches a handler, in json, query, param or form input;
// and no router reads its input around validate().
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { z } from 'zod';
import { validate } from '../../../src/server/api/validate';

// Contracts that forgot text(): plain z.string() everywhere.
const app = new Hono()
  .post('/json', validate('json', z.object({ a: z.string(), rows: z.array(z.object({ b: z.string() })).optional(), meta: z.record(z.string(), z.string()).optional() })), (c) => c.json(c.req.valid('json')))
  .get('/query', validate('query', z.object({ q: z.string().optional(), many: z.union([z.string(), z.array(z.string())]).optional() })), (c) => c.json(c.req.valid('query')))
  .get('/param/:id', validate('param', z.object({ id: z.string() })), (c) => c.json(c.req.valid('param')))
  .post('/form', validate('form', z.object({ file: z.instanceof(File), note: z.string().optional() })), (c) => c.json({ name: c.req.valid('form').file.name }));

const json = (body: unknown) => app.request('/json', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
async function refused(res: Response, path: string) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error_code: string; issues: { path: string; message: string }[] };
  expect(body.error_code).toBe('error.validation.invalid');
  expect(body.issues).toEqual([{ path, message: expect.stringContaining('cannot be stored') }]);
}

describe('validate(): the net for text the database cannot store', () => {
  it('refuses NUL and unpaired surrogates anywhere in a JSON body, naming the path', async () => {
    await refused(await json({ a: 'x\u0000y' }), 'a');
    await refused(await json({ a: '\ud800' }), 'a');
    await refused(await json({ a: 'ok', rows: [{ b: 'ok' }, { b: 'tail\udc00' }] }), 'rows.1.b');
    await refused(await json({ a: 'ok', meta: { 'k\u0000': 'v' } }), 'meta.k?');
  });

  it('lets ordinary text through, surrogate pairs (emoji) included', async () => {
    const res = await json({ a: 'Köln 🎻 — “ok”', rows: [{ b: '\t\n' }] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ a: 'Köln 🎻 — “ok”', rows: [{ b: '\t\n' }] });
  });

  it('refuses them in query values, repeated keys and path parameters', async () => {
    await refused(await app.request('/query?q=%00'), 'q');
    await refused(await app.request('/query?many=a&many=b%00'), 'many.1');
    await refused(await app.request('/param/a%00b'), 'id');
    expect((await app.request('/query?q=K%C3%B6ln')).status).toBe(200);
  });

  it('refuses them in multipart fields and file names', async () => {
    const form = (name: string, note?: string) => {
      const f = new FormData();
      f.set('file', new File(['x'], name));
      if (note !== undefined) f.set('note', note);
      return app.request('/form', { method: 'POST', body: f });
    };
    expect((await form('sales.xlsx')).status).toBe(200);
    await refused(await form('sales\u0000.xlsx'), 'file');
    await refused(await form('ok.xlsx', 'a\u0000'), 'note');
  });
});

describe('every router reads its input through validate()', () => {
  // Reading around validate() skips the net; the few places that must (the multipart upload,
  // which checks itself) are listed here.
  const ALLOWED = new Map([
    ['app.ts', ['c.req.queries()']], // the app-wide net itself
    ['sales.ts', ['c.req.parseBody(']],
  ]);
  it('finds no raw c.req.query/queries/param/parseBody/formData/json/text outside the allowed places', () => {
    const dir = 'src/server/api';
    const found: string[] = [];
    for (const file of fs.readdirSync(dir)) {
      if (!file.endsWith('.ts')) continue;
      // Code only: comments may name the calls.
      const src = fs.readFileSync(`${dir}/${file}`, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      for (const m of src.matchAll(/c\.req\.(query|queries|param|parseBody|formData|json|text|arrayBuffer|blob)\([^)]*\)?/g)) {
        if (!(ALLOWED.get(file) ?? []).some((ok) => m[0].startsWith(ok))) found.push(`${file}: ${m[0]}`);
      }
    }
    expect(found).toEqual([]);
  });
});

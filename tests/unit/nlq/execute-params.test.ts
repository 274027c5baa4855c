// The executor hands sentinel.run one text, so parameters travel as literals inside it: every
// value must come out as exactly one SQL literal, whatever it contains.
import { describe, expect, it } from 'vitest';
import { inlineParams, sqlLiteral, SentinelQueryError } from '../../../src/server/modules/nlq/execute';

const inline = (sql: string, params: Parameters<typeof sqlLiteral>[0][]) => inlineParams({ sql, params, filters: [] });

describe('sqlLiteral', () => {
  it('doubles quotes and keeps backslashes as they are (standard_conforming_strings)', () => {
    expect(sqlLiteral("O'Neil \\' --")).toBe("'O''Neil \\'' --'");
  });
  it('writes arrays as array literals with quoted, escaped text items', () => {
    expect(sqlLiteral(['a"b', 'c\\d', "e'f"])).toBe(`'{"a\\"b","c\\\\d","e''f"}'`);
    expect(sqlLiteral([1, 2.5])).toBe("'{1,2.5}'");
    expect(sqlLiteral([])).toBe("'{}'");
  });
  it('writes NULL and booleans as keywords, numbers as untyped literals', () => {
    expect([sqlLiteral(null), sqlLiteral(true), sqlLiteral(false), sqlLiteral(-3.25)]).toEqual(['NULL', 'TRUE', 'FALSE', "'-3.25'"]);
  });
  it('refuses what is not a finite value or holds NUL', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow(SentinelQueryError);
    expect(() => sqlLiteral('a\0b')).toThrow(SentinelQueryError);
  });
});

describe('inlineParams', () => {
  it('replaces every placeholder, $10 apart from $1, and repeated ones', () => {
    const params = Array.from({ length: 10 }, (_, i) => `v${i + 1}`);
    expect(inline('SELECT $1, $10, $1', params)).toBe("SELECT ('v1'), ('v10'), ('v1')");
  });
  it('leaves $n inside quoted text, identifiers, comments and dollar quotes alone', () => {
    const sql = `SELECT '$1' AS "$1", $$ $1 $$, $t$ $1 $t$ -- $1\n, /* $1 */ $1`;
    expect(inline(sql, [7])).toBe(`SELECT '$1' AS "$1", $$ $1 $$, $t$ $1 $t$ -- $1\n, /* $1 */ ('7')`);
  });
  it('a placeholder without its parameter is an error, not an empty value', () => {
    expect(() => inline('SELECT $2', [1])).toThrow(SentinelQueryError);
    expect(() => inline('SELECT $0', [1])).toThrow(SentinelQueryError);
  });
});

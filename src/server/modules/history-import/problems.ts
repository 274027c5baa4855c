// Everything wrong with an import, in file and line order as found: the first 100 in full, all
// of them counted.
import { MAX_LISTED_PROBLEMS, type HistoryFile, type HistoryProblem, type HistoryProblemCode } from '../../../lib/contracts/history-import';

const VALUE_MAX = 80;
/** NUL and unpaired surrogates (limits.ts UNSAFE_TEXT): they cannot be stored in the task's jsonb result. */
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export class Problems {
  readonly list: HistoryProblem[] = [];
  count = 0;

  add(file: HistoryFile, line: number, column: string | null, code: HistoryProblemCode, message: string, value?: string): void {
    this.count++;
    if (this.list.length >= MAX_LISTED_PROBLEMS) return;
    const p: HistoryProblem = { file, line, column, code, message };
    // The value is shown back to the user, with what cannot be stored replaced by U+FFFD (cutting may
    // split a surrogate pair, so the replacement runs after the cut).
    if (value !== undefined && value !== '') {
      const cut = value.length > VALUE_MAX ? `${value.slice(0, VALUE_MAX - 1)}…` : value;
      p.value = cut.replace(UNSAFE, '\uFFFD');
    }
    this.list.push(p);
  }

  get any(): boolean {
    return this.count > 0;
  }
}

// spec 3 §5 Sentinel question: at most 5000 characters; the counter is green up to 4000,
// orange up to 4500 and red above.
import { PAGE } from './constants';

export type CounterBand = 'green' | 'orange' | 'red';

export function counterBand(length: number): CounterBand {
  if (length >= PAGE.counterRedFrom) return 'red';
  if (length >= PAGE.counterOrangeFrom) return 'orange';
  return 'green';
}

/** spec 3 §5: Ask needs a question (not only blanks) and an outcome. */
export function canAsk(text: string, outcome: string | null): boolean {
  return text.trim().length > 0 && text.length <= PAGE.questionMax && outcome !== null;
}

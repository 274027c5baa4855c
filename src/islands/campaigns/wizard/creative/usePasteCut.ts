// Issue 20: a paste longer than the room left in a creative text field is cut by its maxLength
// (spec 2 §5 limits) without a word from the browser. The field says so under it — shortened to
// the limit, how many characters were left out — until that entry is edited again.
import { useCallback, useRef, useState, type ClipboardEvent } from 'react';
import { pasteCut } from './creativeFormRules';

type TextControl = HTMLInputElement | HTMLTextAreaElement;

export function usePasteCut(max: number, multiline: boolean) {
  const [cuts, setCuts] = useState<Record<number, number>>({});
  // The change event that follows a paste must not clear the note the paste just set.
  const pasting = useRef<number | null>(null);
  const onPaste = useCallback(
    (index: number, e: ClipboardEvent<TextControl>) => {
      const el = e.currentTarget;
      const selected = Math.max(0, (el.selectionEnd ?? 0) - (el.selectionStart ?? 0));
      const cut = pasteCut(max, { length: el.value.length, selected }, e.clipboardData.getData('text/plain'), multiline);
      pasting.current = index;
      setCuts((c) => ({ ...c, [index]: cut }));
    },
    [max, multiline],
  );
  const onEdit = useCallback((index: number) => {
    if (pasting.current === index) {
      pasting.current = null;
      return;
    }
    setCuts((c) => (c[index] ? { ...c, [index]: 0 } : c));
  }, []);
  return { cutOf: (index: number) => cuts[index] ?? 0, onPaste, onEdit };
}

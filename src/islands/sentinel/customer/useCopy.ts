// Copies a text to the clipboard and reports "copied" for COPIED_MS (spec 3 §9: 2 s).
import { useEffect, useRef, useState } from 'react';
import { COPIED_MS } from './format';

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  // Older browsers and non-secure origins: a hidden textarea and execCommand.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}

export function useCopy(): { copied: boolean; failed: boolean; copy: (text: string) => void } {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = (text: string) => {
    clearTimeout(timer.current);
    writeClipboard(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
    timer.current = setTimeout(() => setState('idle'), COPIED_MS);
  };
  return { copied: state === 'copied', failed: state === 'failed', copy };
}

// Sections below the fold start their work (data and the chart library) when they come near the
// viewport, so the numbers at the top are never held up by charts (issue 4: charts never block
// the first paint).
import { useEffect, useState, type RefObject } from 'react';

export function useVisible(ref: RefObject<Element | null>, rootMargin = '240px'): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (visible) return;
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          io.disconnect();
        }
      },
      { rootMargin },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, rootMargin, visible]);
  return visible;
}

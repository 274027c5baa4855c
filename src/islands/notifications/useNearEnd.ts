// Calls `onNear` while the marker after the last item is within 300 px of the viewport.
import { useEffect, useRef, type RefObject } from 'react';

const THRESHOLD_PX = 300;

export function useNearEnd(marker: RefObject<HTMLElement | null>, onNear: () => void, enabled: boolean, deps: unknown[]): void {
  const near = useRef(false);
  const callback = useRef(onNear);
  callback.current = onNear;
  useEffect(() => {
    const el = marker.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        near.current = entries.some((e) => e.isIntersecting);
        if (near.current) callback.current();
      },
      { rootMargin: `0px 0px ${THRESHOLD_PX}px 0px` },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      near.current = false;
    };
  }, [marker, enabled]);
  useEffect(() => {
    if (enabled && near.current) callback.current();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, ...deps]);
}

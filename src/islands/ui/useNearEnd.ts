// Infinite scroll (spec 1 §9: the events list and notifications): calls `onNear` while the end
// of the list is less than 300 px below the viewport. An IntersectionObserver with a 300 px
// bottom margin watches a marker after the last row; whenever `recheck` changes (a new page, a
// throttle window ending) the hook asks again, because an observer only reports changes and a
// short page can leave the marker in range.
import { useEffect, useRef, type RefObject } from 'react';
import { EVENTS_SCROLL_THRESHOLD_PX } from '../../lib/constants';

export function useNearEnd(marker: RefObject<HTMLElement | null>, onNear: () => void, enabled: boolean, recheck: string | number): void {
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
      { rootMargin: `0px 0px ${EVENTS_SCROLL_THRESHOLD_PX}px 0px` },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      near.current = false;
    };
  }, [marker, enabled]);

  useEffect(() => {
    if (enabled && near.current) callback.current();
  }, [enabled, recheck]);
}

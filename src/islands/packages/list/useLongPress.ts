// spec 3 §2 "a 500 ms long press on a row starts selection" (§9 long press 500 ms), for touch and
// mouse alike (pointer events). A press that moves (a scroll) or ends early is an ordinary click;
// a long press swallows the click that follows it and the touch context menu. A busy page may run
// the timer late: a press released after 500 ms counts by the events' own timestamps, and the
// browser's own long-press (the context menu of a touch) counts as one too.
import { useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';
import { PB } from '../../../lib/packages/rules';

const MOVE_TOLERANCE_PX = 10;

export function useLongPress(onLongPress: () => void, ms: number = PB.longPressMs) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number; at: number } | null>(null);
  const fired = useRef(false);
  const callback = useRef(onLongPress);
  callback.current = onLongPress;

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  };
  const trigger = () => {
    cancel();
    fired.current = true;
    callback.current();
  };
  useEffect(() => cancel, []);

  return {
    onPointerDown(e: PointerEvent<HTMLElement>) {
      // The checkbox is its own control; only the primary button or a touch starts a press.
      if ((e.target as HTMLElement).closest('input, button') || (e.pointerType === 'mouse' && e.button !== 0)) return;
      fired.current = false;
      cancel();
      start.current = { x: e.clientX, y: e.clientY, at: e.timeStamp };
      timer.current = setTimeout(trigger, ms);
    },
    onPointerMove(e: PointerEvent<HTMLElement>) {
      if (start.current && Math.hypot(e.clientX - start.current.x, e.clientY - start.current.y) > MOVE_TOLERANCE_PX) cancel();
    },
    onPointerUp(e: PointerEvent<HTMLElement>) {
      if (timer.current && start.current && e.timeStamp - start.current.at >= ms) trigger();
      else cancel();
    },
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onClickCapture(e: MouseEvent<HTMLElement>) {
      if (!fired.current) return;
      fired.current = false;
      e.preventDefault();
      e.stopPropagation();
    },
    onContextMenu(e: MouseEvent<HTMLElement>) {
      if (timer.current) {
        e.preventDefault();
        trigger();
      } else if (fired.current) {
        e.preventDefault();
      }
    },
  };
}

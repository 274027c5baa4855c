// Issue 20 §2.6 (WCAG 2.4.3 focus order): after Start, Next, Back or a progress step, the button
// that was pressed is gone with its step, and the focus would fall to the drawer's top or <body>.
// It goes to the new step's heading instead (marked STEP_FOCUS, tabIndex -1), once that heading
// is there: the steps load lazily and the Accounts step shows a skeleton while its assets load.

/** The attribute that marks the element a newly shown step gives the focus to. */
export const STEP_FOCUS = 'data-step-focus';

/** Props for that element: reachable by script, not a tab stop. */
export const stepFocusProps = { [STEP_FOCUS]: '', tabIndex: -1 } as const;

/**
 * Focuses the first `[data-step-focus]` inside `root` as soon as it is rendered (checked each frame
 * for up to `timeoutMs`). Returns a cancel function for an effect's cleanup.
 */
export function focusStepWhenShown(root: HTMLElement | null, timeoutMs = 8000): () => void {
  let cancelled = false;
  let frame = 0;
  const until = Date.now() + timeoutMs;
  const tick = () => {
    if (cancelled || !root) return;
    // Only a shown heading: while the next step's code loads, Suspense may keep the previous
    // step in the page, hidden, with its own heading.
    const target = [...root.querySelectorAll<HTMLElement>(`[${STEP_FOCUS}]`)].find((el) => el.getClientRects().length > 0);
    if (target) {
      target.focus({ preventScroll: true });
      target.scrollIntoView({ block: 'start', behavior: 'auto' });
      if (document.activeElement === target) return;
    }
    if (Date.now() < until) frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
  };
}

// One place where a form with unsaved input can stop the user from leaving it by accident. The
// controls that leave a view live in other components and even other islands (the drawer's close,
// the phone bar's back button), so they ask here instead of knowing about the form. Module state is
// shared by every island of the page (they import the same chunk), like the other stores.

/** Takes over a leave when it must ask first (and calls `proceed` once the user agrees); false lets it happen. */
export type LeaveGuard = (proceed: () => void) => boolean;

let current: LeaveGuard | null = null;

/** Installs the guard of the form on screen; the returned function removes it again. */
export function setLeaveGuard(guard: LeaveGuard): () => void {
  current = guard;
  return () => {
    if (current === guard) current = null;
  };
}

/** Leaves via `proceed`, unless the form on screen has unsaved input and asks first. */
export function guardedLeave(proceed: () => void): void {
  if (current?.(proceed)) return;
  proceed();
}

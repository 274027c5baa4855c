// Toasts shown by the Toaster island (spec 1 §2.3): any island pushes, the Toaster renders.
import { atom } from 'nanostores';

export type ToastVariant = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  /** Already translated texts: the island that pushes knows its wording. */
  title: string;
  description?: string;
  variant: ToastVariant;
}

export const $toasts = atom<Toast[]>([]);

let nextId = 1;

export function pushToast(toast: Omit<Toast, 'id' | 'variant'> & { variant?: ToastVariant }): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { variant: 'info', ...toast, id }]);
  return id;
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

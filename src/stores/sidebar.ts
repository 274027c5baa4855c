// Whether the desktop sidebar is collapsed (spec 1 §2.3), remembered in localStorage.
import { persistentAtom } from '@nanostores/persistent';

export const $sidebarCollapsed = persistentAtom<boolean>('encore.sidebarCollapsed', false, {
  encode: (value) => (value ? '1' : '0'),
  decode: (raw) => raw === '1',
});

// Whether the window is above the 991 px breakpoint (spec 2 §9), for the wider keyword chips.
import { useSyncExternalStore } from 'react';
import { WIDE_SCREEN_QUERY } from './creativeFormRules';

const subscribe = (notify: () => void) => {
  const mq = window.matchMedia(WIDE_SCREEN_QUERY);
  mq.addEventListener('change', notify);
  return () => mq.removeEventListener('change', notify);
};

export const useWideScreen = () =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_SCREEN_QUERY).matches,
    () => true,
  );

// The tab strip of a tabbed screen (WAI-ARIA tabs pattern): arrow keys, Home and End move between
// the enabled tabs with automatic activation. Radix Tabs sets inline styles the CSP forbids, so
// the console's screens (settings, event detail, dashboard) share this one. The caller renders
// the panels with id `${idPrefix}-panel-${value}` and aria-labelledby `${idPrefix}-tab-${value}`.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import styles from './TabList.module.css';

export interface TabItem<V extends string | number> {
  value: V;
  label: string;
  disabled?: boolean;
  /** Why a disabled tab cannot be chosen. */
  hint?: string;
}

interface Props<V extends string | number> {
  label: string;
  idPrefix: string;
  tabs: TabItem<V>[];
  value: V;
  onChange: (value: V) => void;
  className?: string;
}

export function TabList<V extends string | number>({ label, idPrefix, tabs, value, onChange, className }: Props<V>) {
  const refs = useRef(new Map<V, HTMLButtonElement>());
  const list = useRef<HTMLDivElement>(null);
  // On narrow screens the tab row scrolls sideways: keep the selected tab in view (e.g. #system
  // opened by URL on a phone), moving only the row, never the page.
  useEffect(() => {
    const row = list.current;
    const tab = refs.current.get(value);
    if (!row || !tab || row.scrollWidth <= row.clientWidth) return;
    if (tab.offsetLeft < row.scrollLeft) row.scrollLeft = tab.offsetLeft;
    else if (tab.offsetLeft + tab.offsetWidth > row.scrollLeft + row.clientWidth) row.scrollLeft = tab.offsetLeft + tab.offsetWidth - row.clientWidth;
  }, [value]);
  const enabled = tabs.filter((tab) => !tab.disabled);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const i = enabled.findIndex((tab) => tab.value === value);
    const last = enabled.length - 1;
    const target = { ArrowRight: i >= last ? 0 : i + 1, ArrowLeft: i <= 0 ? last : i - 1, Home: 0, End: last }[event.key];
    if (target === undefined || !enabled[target]) return;
    event.preventDefault();
    const next = enabled[target].value;
    onChange(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label={label} className={[styles.tabs, className].filter(Boolean).join(' ')} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            ref={(el) => {
              if (el) refs.current.set(tab.value, el);
              else refs.current.delete(tab.value);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.value}`}
            aria-controls={`${idPrefix}-panel-${tab.value}`}
            aria-selected={selected}
            aria-disabled={tab.disabled || undefined}
            title={tab.disabled ? tab.hint : undefined}
            tabIndex={selected ? 0 : -1}
            data-state={selected ? 'active' : 'inactive'}
            className={styles.tab}
            onClick={() => !tab.disabled && onChange(tab.value)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

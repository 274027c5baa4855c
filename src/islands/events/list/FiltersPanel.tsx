// The filters of the events page (spec 1 §2.9, spec 3 "Events page actions"): dates with range
// options and past events, cities, venues and halls, source, campaigns and status. Every change
// applies at once. Cities and venues come from GET /events/venues, requested when the panel opens
// and cancelled when it closes before the answer (spec 1 §7: abortable).
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import type { EventVenues, FrontendStatus } from '../../../lib/contracts/events';
import { ApiError } from '../../../lib/api/client';
import { getEventVenues } from '../../../lib/api/events';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { defaultSince, defaultUntil, formatDisplayDate, RANGE_OPTIONS, rangeEnd, type RangeOption } from './dates';
import { DateField } from '../../ui/DateField';
import { activeFilterCount, CAMPAIGN_OPTIONS, normalizeFilters, STATUS_OPTIONS, type CampaignFilter, type EventFilters, type SourceFilter } from './filters';
import styles from './FiltersPanel.module.css';

// The venues of a partner do not change while the page is open; the panel opens many times.
let venuesCache: EventVenues | null = null;

type VenuesState = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; data: EventVenues };

function useVenues(): [VenuesState, () => void] {
  const [state, setState] = useState<VenuesState>(venuesCache ? { phase: 'ready', data: venuesCache } : { phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (venuesCache) return;
    const controller = new AbortController();
    setState({ phase: 'loading' });
    getEventVenues(controller.signal).then(
      (data) => {
        venuesCache = data;
        setState({ phase: 'ready', data });
      },
      (err: unknown) => {
        if (controller.signal.aborted || (err instanceof ApiError && err.cancelled)) return;
        setState({ phase: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);
  return [state, () => setAttempt((a) => a + 1)];
}

function toggle<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
}

function Group({ legend, children, className }: { legend: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={`${styles.group} ${className ?? ''}`}>
      <legend className={styles.legend}>{legend}</legend>
      {children}
    </fieldset>
  );
}

function Check({
  label,
  checked,
  onChange,
  disabled,
  hint,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
  hint?: string;
}) {
  return (
    <label className={styles.check} title={hint}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

function VenueLists({ filters, set }: { filters: EventFilters; set: (f: Partial<EventFilters>) => void }) {
  const { t } = useTranslation();
  const [venues, retry] = useVenues();
  if (venues.phase === 'loading') return <p className={styles.note}>{t('events.filters.loadingVenues')}</p>;
  if (venues.phase === 'error')
    return (
      <div className={styles.note} role="alert">
        <p>{t('events.filters.venuesError')}</p>
        <Button variant="ghost" size="sm" onClick={retry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  const { cities, venues: list } = venues.data;
  return (
    <>
      <div className={styles.subGroup} role="group" aria-labelledby="filter-cities">
        <span id="filter-cities" className={styles.fieldLabel}>
          {t('events.filters.cities')}
        </span>
        <div className={styles.scrollList}>
          {cities.length === 0 && <p className={styles.note}>{t('events.filters.noVenues')}</p>}
          {cities.map((city) => (
            <Check key={city} label={city} checked={filters.cities.includes(city)} onChange={(on) => set({ cities: toggle(filters.cities, city, on) })} />
          ))}
        </div>
      </div>
      <div className={styles.subGroup} role="group" aria-labelledby="filter-venues">
        <span id="filter-venues" className={styles.fieldLabel}>
          {t('events.filters.venuesAndHalls')}
        </span>
        <div className={styles.scrollList}>
          {list.length === 0 && <p className={styles.note}>{t('events.filters.noVenues')}</p>}
          {list.map((v) => {
            const halls = v.halls.length > 0 ? v.halls : [''];
            return (
              <div key={`${v.venue}|${v.city}`} className={styles.venue} role="group" aria-label={v.venue}>
                <span className={styles.venueName} aria-hidden="true">
                  {v.venue}
                  <span className={styles.venueCity}>{v.city}</span>
                </span>
                {halls.map((hall) => {
                  const value = `${v.venue};;${hall}`;
                  return (
                    <Check
                      key={value}
                      label={hall || v.venue}
                      checked={filters.venuesAndHalls.includes(value)}
                      onChange={(on) => set({ venuesAndHalls: toggle(filters.venuesAndHalls, value, on) })}
                    />
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </>
  );
}

/**
 * A date filter (spec 1 §2.9): a day the filters refuse (before today without past events, an end
 * before the start) says 'Invalid date' with the reason, and the previous value comes back.
 */
function FilterDate({
  label,
  value,
  placeholder,
  min,
  check,
  onChange,
}: {
  label: string;
  /** ISO day, or null for the default shown as placeholder. */
  value: string | null;
  placeholder: string;
  min: string | null;
  /** Why a day is refused, as an i18n key; null when it is fine. */
  check: (iso: string) => string | null;
  onChange: (iso: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className={styles.dateField}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      <DateField
        id={id}
        size="sm"
        value={value}
        placeholder={placeholder}
        min={min}
        check={(iso) => {
          const key = check(iso);
          return key ? t(key) : null;
        }}
        onInvalid="restore"
        refusalUnderHeading
        onChange={onChange}
        language={i18n.language}
        texts={{
          invalidDate: t('events.filters.invalidDate'),
          openCalendar: t('events.filters.openCalendar', { field: label }),
          format: t('events.filters.datePlaceholder'),
          loading: t('common.loading'),
        }}
      />
    </div>
  );
}

export function FiltersPanel({
  id,
  filters,
  today,
  simpleUser,
  onChange,
  onReset,
  onClose,
}: {
  id: string;
  filters: EventFilters;
  today: string;
  /** spec 1 §2.9: the simple user type has no source filter. */
  simpleUser: boolean;
  onChange: (next: EventFilters) => void;
  onReset: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rangeId = useId();
  const count = activeFilterCount(filters);
  const set = (change: Partial<EventFilters>) => onChange(normalizeFilters({ ...filters, ...change }, today));

  const start = filters.from ?? defaultSince(today, filters.includePastEvents);
  const minDay = filters.includePastEvents ? null : today;

  const onFrom = (from: string | null) => {
    const effective = from ?? defaultSince(today, filters.includePastEvents);
    const to = filters.range !== 'custom' && filters.to ? rangeEnd(effective, filters.range) : filters.to;
    set({ from, to });
  };
  const onTo = (to: string | null) => set({ to, range: 'custom' });
  const onRange = (range: RangeOption) => set({ range, to: range === 'custom' ? filters.to : rangeEnd(start, range) });
  const onPast = (includePastEvents: boolean) => set({ includePastEvents });

  return (
    <section id={id} className={styles.panel} aria-label={t('events.filters.panelLabel')}>
      <div className={styles.grid}>
        <Group legend={t('events.filters.dates')} className={styles.dates}>
          <div className={styles.dateRow}>
            <FilterDate
              label={t('events.filters.from')}
              value={filters.from}
              // With past events and no from day the list reaches back to the earliest event.
              placeholder={filters.includePastEvents ? t('events.filters.allPast') : formatDisplayDate(defaultSince(today, false))}
              min={minDay}
              check={(iso) => (!filters.includePastEvents && iso < today ? 'events.filters.beforeToday' : null)}
              onChange={onFrom}
            />
            <FilterDate
              label={t('events.filters.to')}
              value={filters.to}
              placeholder={formatDisplayDate(defaultUntil(today))}
              min={start}
              check={(iso) => (iso < start ? 'events.filters.beforeStart' : null)}
              onChange={onTo}
            />
          </div>
          <div className={styles.selectField}>
            <label htmlFor={rangeId} className={styles.fieldLabel}>
              {t('events.filters.range')}
            </label>
            <select id={rangeId} className={styles.select} value={filters.range} onChange={(e) => onRange(e.target.value as RangeOption)}>
              {RANGE_OPTIONS.map((o) => (
                <option key={o} value={o}>
                  {t(`events.filters.rangeOptions.${o}`)}
                </option>
              ))}
            </select>
          </div>
          <Check label={t('events.filters.includePastEvents')} checked={filters.includePastEvents} onChange={onPast} />
        </Group>

        <Group legend={t('events.filters.location')} className={styles.location}>
          <VenueLists filters={filters} set={set} />
        </Group>

        <div className={styles.column}>
          {!simpleUser && (
            <Group legend={t('events.filters.source')}>
              {(['all', 'manual', 'api'] as SourceFilter[]).map((s) => (
                <label key={s} className={styles.check}>
                  <input type="radio" name={`${id}-source`} value={s} checked={filters.source === s} onChange={() => set({ source: s })} />
                  <span>{t(`events.filters.sourceOptions.${s}`)}</span>
                </label>
              ))}
            </Group>
          )}
          <Group legend={t('events.filters.campaigns')}>
            {CAMPAIGN_OPTIONS.map((c: CampaignFilter) => (
              <Check
                key={c}
                label={t(`events.filters.campaignOptions.${c}`)}
                checked={filters.campaigns.includes(c)}
                onChange={(on) => set({ campaigns: toggle(filters.campaigns, c, on) })}
              />
            ))}
          </Group>
        </div>

        <Group legend={t('events.filters.status')}>
          {STATUS_OPTIONS.map((s: FrontendStatus) => {
            const checked = filters.status.includes(s);
            const last = checked && filters.status.length === 1;
            return (
              <Check
                key={s}
                label={t(`events.filters.statusOptions.${s}`)}
                checked={checked}
                disabled={last}
                hint={last ? t('events.filters.statusKeepOne') : undefined}
                onChange={(on) => set({ status: toggle(filters.status, s, on) })}
              />
            );
          })}
        </Group>
      </div>

      <div className={styles.footer}>
        <p className={styles.count} aria-live="polite">
          {count > 0 ? t('events.filters.activeCount', { count }) : ''}
        </p>
        <Button variant="ghost" size="sm" onClick={onReset} disabled={count === 0}>
          {t('events.filters.reset')}
        </Button>
        <Button variant="secondary" size="sm" onClick={onClose} icon={<Icon name="check" size={16} />}>
          {t('events.filters.close')}
        </Button>
      </div>
    </section>
  );
}

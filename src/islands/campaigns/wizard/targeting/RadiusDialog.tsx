// spec 2 §2 Geo-targeting dialogs / §4 Range locations: include or exclude, a location search
// (500 ms after typing, added places left out), overlap removal between the two lists, the
// suggested radius of cities and places with a per-location control in the user's unit, the
// summary by country, Clear all and Save. Rules in rangeLocations.ts; loaded lazily.
import { useEffect, useId, useRef, useState } from 'react';
import { POSTAL_COUNTRIES, type Location, type PostalCountry } from '../../../../lib/contracts/fb-targeting';
import type { Targeting } from '../../../../lib/contracts/setup-process';
import { RADIUS } from '../../../../lib/campaigns/setup-constants';
import { suggestedRadius } from '../../../../lib/campaigns/setup-rules';
import { getSuggestedRadius, searchLocations } from '../../../../lib/api/fbTargeting';
import { useTranslation } from '../../../../lib/i18n/react';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { Modal } from '../../../ui/Modal';
import { ConfirmBar } from './ConfirmBar';
import { apiErrorOf, knownText } from './errors';
import { countryName } from './countryNames';
import {
  addLocation,
  groupByCountry,
  hasRadius,
  radiusIn,
  rangesChanged,
  removedSince,
  removeLocation,
  saveBlock,
  toRangeLocation,
  toTargetingRanges,
  withRadius,
  withoutAdded,
  type DistanceUnit,
  type Qualifier,
  type RangeDraft,
} from './rangeLocations';
import styles from './Dialogs.module.css';

const K = 'campaigns.wizard.targeting.radius';
/** spec 2 §5: the search runs 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

type Search = { status: 'idle' } | { status: 'loading' } | { status: 'done'; q: string; results: Location[] } | { status: 'error'; message: string };

const isPostalCountry = (c: string): c is PostalCountry => (POSTAL_COUNTRIES as readonly string[]).includes(c);

export function RadiusDialog({
  saved,
  unit,
  onSave,
  onClose,
}: {
  saved: RangeDraft;
  unit: DistanceUnit;
  onSave: (ranges: Targeting['range_locations']) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const uid = useId();
  const [draft, setDraft] = useState<RangeDraft>(saved);
  const [qualifier, setQualifier] = useState<Qualifier>('included');
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<Search>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const [loading, setLoading] = useState<ReadonlySet<string>>(new Set());
  const [radiusFailed, setRadiusFailed] = useState<ReadonlySet<string>>(new Set());
  const [removedNote, setRemovedNote] = useState<string[]>([]);
  const [prompt, setPrompt] = useState<{ kind: 'discard' | 'deleted'; count: number } | null>(null);
  const radiusCalls = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const q = query.trim();
    if (!q) return setSearch({ status: 'idle' });
    const ac = new AbortController();
    const timer = setTimeout(() => {
      setSearch({ status: 'loading' });
      searchLocations({ q }, ac.signal).then(
        (r) => setSearch({ status: 'done', q, results: r.results }),
        async (err: unknown) => {
          const e = await apiErrorOf(err);
          if (!e.cancelled) setSearch({ status: 'error', message: knownText(t, e.i18nKey, 'common.errors.inServerResponse') });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ac.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, attempt]);

  useEffect(() => () => radiusCalls.current.forEach((ac) => ac.abort()), []);

  const setRadius = (key: string, value: number) =>
    setDraft((d) => ({
      included: d.included.map((l) => (l.key === key ? withRadius(l, value, unit) : l)),
      excluded: d.excluded.map((l) => (l.key === key ? withRadius(l, value, unit) : l)),
    }));

  const doneLoading = (key: string, failed: boolean) => {
    radiusCalls.current.delete(key);
    setLoading((s) => new Set([...s].filter((k) => k !== key)));
    setRadiusFailed((s) => (failed ? new Set([...s, key]) : new Set([...s].filter((k) => k !== key))));
  };

  // spec 2 §4: a city or place loads until its suggested radius arrives; on failure it keeps the default.
  const loadRadius = (l: Location) => {
    if (!isPostalCountry(l.country_code)) return setRadius(l.key, RADIUS[unit].min);
    const ac = new AbortController();
    radiusCalls.current.set(l.key, ac);
    setLoading((s) => new Set([...s, l.key]));
    getSuggestedRadius({ country: l.country_code, name: l.name, key: l.key }, unit === 'mile' ? 'mile' : 'kilometer', ac.signal).then(
      (r) => {
        setRadius(l.key, suggestedRadius(r.suggest_radius, unit));
        doneLoading(l.key, false);
      },
      async (err: unknown) => {
        if ((await apiErrorOf(err)).cancelled) return;
        setRadius(l.key, RADIUS[unit].min);
        doneLoading(l.key, true);
      },
    );
  };

  const add = (l: Location) => {
    const r = addLocation(draft, hasRadius(l) ? withRadius(toRangeLocation(l), RADIUS[unit].min, unit) : toRangeLocation(l), qualifier);
    for (const gone of r.removed) radiusCalls.current.get(gone.key)?.abort();
    setDraft(r.draft);
    setRemovedNote(r.removed.map((x) => x.name));
    if (hasRadius(l)) loadRadius(l);
  };

  const remove = (key: string) => {
    radiusCalls.current.get(key)?.abort();
    doneLoading(key, false);
    setDraft((d) => removeLocation(d, key));
    setRemovedNote([]);
  };

  const clearAll = () => {
    radiusCalls.current.forEach((ac) => ac.abort());
    radiusCalls.current.clear();
    setLoading(new Set());
    setDraft({ included: [], excluded: [] });
    setRemovedNote([]);
  };

  const block = saveBlock(draft, loading);
  const save = (confirmed = false) => {
    const removed = removedSince(saved, draft).length;
    if (removed > 0 && !confirmed) return setPrompt({ kind: 'deleted', count: removed });
    onSave(toTargetingRanges(draft));
  };
  const close = (confirmed = false) => {
    if (rangesChanged(saved, draft) && !confirmed) return setPrompt({ kind: 'discard', count: 0 });
    onClose();
  };

  const lng = i18n.language;
  const results = search.status === 'done' ? withoutAdded(search.results, draft) : [];
  const groups = groupByCountry(draft);
  const unitLabel = t(`${K}.unit.${unit}`);

  return (
    <Modal open onOpenChange={(open) => !open && close()} title={t(`${K}.dialogTitle`)} description={t(`${K}.dialogDescription`)} closeLabel={t('common.close')} wide>
      <div className={styles.dialogBody} data-testid="radius-dialog">
        <div className={styles.qualifier} role="radiogroup" aria-label={t(`${K}.qualifier`)}>
          {(['included', 'excluded'] as const).map((q) => (
            <button key={q} type="button" role="radio" aria-checked={qualifier === q} className={styles.qualifierOption} onClick={() => setQualifier(q)}>
              <Icon name={q === 'included' ? 'plus' : 'close'} size={16} />
              {t(`${K}.${q === 'included' ? 'include' : 'exclude'}`)}
            </button>
          ))}
        </div>

        <div className="field">
          <label htmlFor={`${uid}-q`}>{t(`${K}.search`)}</label>
          <input
            id={`${uid}-q`}
            className="input"
            type="search"
            autoComplete="off"
            placeholder={t(`${K}.searchPlaceholder`)}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            aria-controls={`${uid}-results`}
          />
        </div>
        <div id={`${uid}-results`} className={styles.results} aria-live="polite">
          {search.status === 'loading' && (
            <p className={styles.status}>
              <span className={styles.spinner} aria-hidden="true" />
              {t('common.loading')}
            </p>
          )}
          {search.status === 'error' && (
            <div className="alert alert--error" role="alert">
              <span>{search.message}</span>
              <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
                {t('common.retry')}
              </Button>
            </div>
          )}
          {search.status === 'done' && results.length === 0 && <p className={styles.hint}>{t(`${K}.noResults`, { q: search.q })}</p>}
          {results.length > 0 && (
            <ul className={styles.resultList} aria-label={t(`${K}.results`)}>
              {results.map((r) => (
                <li key={r.key}>
                  <button
                    type="button"
                    className={styles.result}
                    onClick={() => add(r)}
                    aria-label={t(`${K}.addAs.${qualifier}`, { name: `${r.name}, ${placeLine(r, lng, t)}` })}
                  >
                    <Icon name={qualifier === 'included' ? 'plus' : 'close'} size={16} />
                    <span className={styles.resultName}>{r.name}</span>
                    <span className={styles.hint}>{placeLine(r, lng, t)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        {removedNote.length > 0 && (
          <p className="alert alert--warning" role="status">
            {t(`${K}.overlapRemoved`, { names: removedNote.join(', ') })}
          </p>
        )}

        <div className={styles.summary} aria-label={t(`${K}.summary`)}>
          {groups.length === 0 && <p className={styles.hint}>{t(`${K}.empty`)}</p>}
          {groups.map((g) => (
            <section key={g.countryCode} className={styles.summaryGroup} aria-label={countryName(g.countryCode, lng)}>
              <header className={styles.summaryHead}>
                <h3>{countryName(g.countryCode, lng)}</h3>
              </header>
              <ul className={styles.locationList}>
                {g.items.map(({ location: l, qualifier: q }) => (
                  <li key={l.key} className={styles.location} data-qualifier={q}>
                    <div className={styles.locationHead}>
                      <span className={q === 'included' ? styles.badgeIn : styles.badgeOut}>{t(`${K}.${q}`)}</span>
                      <span className={styles.resultName}>{l.name}</span>
                      <span className={styles.hint}>{t(`${K}.types.${l.type}`)}</span>
                      <span className={styles.spacer} />
                      <button type="button" className={styles.chipRemove} aria-label={t(`${K}.remove`, { name: l.name })} onClick={() => remove(l.key)}>
                        <Icon name="close" size={14} />
                      </button>
                    </div>
                    {hasRadius(l) &&
                      (loading.has(l.key) ? (
                        <p className={styles.status} role="status">
                          <span className={styles.spinner} aria-hidden="true" />
                          {t(`${K}.radiusLoading`)}
                        </p>
                      ) : (
                        <div className={styles.radius}>
                          <label htmlFor={`${uid}-r-${l.key}`}>{t(`${K}.radiusLabel`)}</label>
                          <input
                            id={`${uid}-r-${l.key}`}
                            type="range"
                            min={RADIUS[unit].min}
                            max={RADIUS[unit].max}
                            step={1}
                            value={radiusIn(l, unit)}
                            aria-valuetext={`${radiusIn(l, unit)} ${unitLabel}`}
                            aria-label={t(`${K}.radiusFor`, { name: l.name })}
                            onChange={(e) => setRadius(l.key, Number(e.target.value))}
                          />
                          <output htmlFor={`${uid}-r-${l.key}`}>
                            {radiusIn(l, unit)} {unitLabel}
                          </output>
                          {radiusFailed.has(l.key) && <span className={styles.radiusError}>{t(`${K}.radiusError`)}</span>}
                        </div>
                      ))}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        {block === 'allExcluded' && (
          <p className="alert alert--error" role="alert">
            {t(`${K}.allLocationsExcluded`)}
          </p>
        )}
      </div>

      {prompt ? (
        <ConfirmBar
          message={t(`${K}.prompt.${prompt.kind}`, { count: prompt.count })}
          confirmLabel={t(`${K}.prompt.${prompt.kind}Confirm`)}
          cancelLabel={t('campaigns.wizard.targeting.cancel')}
          onConfirm={() => {
            setPrompt(null);
            if (prompt.kind === 'deleted') save(true);
            else close(true);
          }}
          onCancel={() => setPrompt(null)}
        />
      ) : (
        <div className={styles.footer}>
          <Button variant="ghost" disabled={groups.length === 0} onClick={clearAll}>
            {t(`${K}.clearAll`)}
          </Button>
          <span className={styles.spacer} />
          <Button variant="secondary" onClick={() => close()}>
            {t('campaigns.wizard.targeting.cancel')}
          </Button>
          <Button disabled={block !== null} disabledHint={block === 'loading' ? t(`${K}.radiusLoading`) : undefined} onClick={() => save()}>
            {t(`${K}.save`)}
          </Button>
        </div>
      )}
    </Modal>
  );
}

/** "City · Bavaria, Germany": the type and where the place lies. */
function placeLine(l: Location, lng: string, t: (k: string) => string): string {
  const where = [l.type !== 'region' ? l.region : null, l.type !== 'country' ? countryName(l.country_code, lng) : null].filter(Boolean).join(', ');
  return [t(`${K}.types.${l.type}`), where].filter(Boolean).join(' · ');
}

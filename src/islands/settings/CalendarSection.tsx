// Settings › #system › Forecast calendar (issue 25): the country, and optionally the region, where
// the partner's events take place. The demand forecast reads their public holidays (a concert on
// a bank holiday, a long weekend); without a country it uses Germany's. Country names come from
// the browser (Intl.DisplayNames), region names from the server (date-holidays' names). Saved with
// the button (PUT /partners/calendar); the forecasts are then recomputed in the background.
import { useEffect, useMemo, useState } from 'react';
import type { CalendarRegion, CalendarSetting } from '../../lib/contracts/partners';
import { getCalendarRegions, setCalendar } from '../../lib/api/account';
import { useTranslation } from '../../lib/i18n/react';
import { pushToast } from '../../stores/toasts';
import { Button } from '../ui/Button';
import styles from './Settings.module.css';

export interface CalendarProps {
  setting: CalendarSetting;
  /** Changing it needs the settings permission. */
  canChange: boolean;
}

function countryNames(language: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** A region's own name without its title ("Freie Hansestadt Bremen" → Bremen, "Land Salzburg" → Salzburg). */
export function placeName(name: string): string {
  return name.replace(/^(Freie und Hansestadt|Freie Hansestadt|Hansestadt|Freistaat|Land|Kanton|Canton|Province of|Provincia de|Région|Region)\s+/i, '');
}

/** Regions in the order a person looks for them: by their place name, not by "Freie", "Land" or "Hansestadt". */
export function byPlaceName<T extends { name: string }>(regions: T[], language: string): T[] {
  return [...regions].sort((a, b) => placeName(a.name).localeCompare(placeName(b.name), language));
}

export function CalendarSection({ setting, canChange }: CalendarProps) {
  const { t, i18n } = useTranslation();
  const nameOf = useMemo(() => countryNames(i18n.language), [i18n.language]);
  const countries = useMemo(
    () => setting.countries.map((code) => ({ code, name: nameOf(code) })).sort((a, b) => a.name.localeCompare(b.name, i18n.language)),
    [setting.countries, nameOf, i18n.language],
  );
  const [saved, setSaved] = useState({ country: setting.country, region: setting.region });
  const [country, setCountry] = useState(setting.country ?? '');
  const [region, setRegion] = useState(setting.region ?? '');
  const [regions, setRegions] = useState<CalendarRegion[]>(setting.regions);
  const [regionsFor, setRegionsFor] = useState(setting.country ?? '');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  // The regions follow the chosen country.
  useEffect(() => {
    if (!country || country === regionsFor) return;
    const ctl = new AbortController();
    getCalendarRegions(country, ctl.signal)
      .then((r) => {
        setRegions(r.regions);
        setRegionsFor(country);
      })
      .catch(() => {
        if (!ctl.signal.aborted) {
          setRegions([]);
          setRegionsFor(country);
        }
      });
    return () => ctl.abort();
  }, [country, regionsFor]);

  const regionsReady = regionsFor === country;
  const dirty = country !== (saved.country ?? '') || (region || null) !== saved.region;

  const save = async () => {
    if (!country) return;
    setBusy(true);
    setFailed(false);
    try {
      const next = await setCalendar({ country, region: region || null });
      setSaved({ country: next.country, region: next.region });
      setRegion(next.region ?? '');
      pushToast({
        title: t('settings.system.calendar.saved', { place: next.region ? `${nameOf(next.country!)}, ${regions.find((r) => r.code === next.region)?.name ?? next.region}` : nameOf(next.country!) }),
        variant: 'success',
      });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="calendar-heading">
      <div className={styles.cardHead}>
        <h2 id="calendar-heading" className={styles.cardTitle}>
          {t('settings.system.calendar.heading')}
        </h2>
        <p className={styles.cardIntro}>{t('settings.system.calendar.intro')}</p>
      </div>
      {failed && (
        <p className="alert alert--error" role="alert">
          {t('settings.system.calendar.failed')}
        </p>
      )}
      <div className={`${styles.grid} ${styles.gridTop} ${styles.calendarGrid}`}>
        <div className="field">
          <label htmlFor="calendar-country">{t('settings.system.calendar.country')}</label>
          <select
            id="calendar-country"
            name="country"
            className={`input ${styles.select}`}
            value={country}
            disabled={busy || !canChange}
            aria-describedby="calendar-country-hint"
            onChange={(e) => {
              setCountry(e.target.value);
              setRegion('');
            }}
          >
            {!saved.country && <option value="">{t('settings.system.calendar.notSet')}</option>}
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
          <p id="calendar-country-hint" className={styles.hint}>
            {saved.country ? t('settings.system.calendar.countryHint') : t('settings.system.calendar.notSetHint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor="calendar-region">{t('settings.system.calendar.region')}</label>
          <select
            id="calendar-region"
            name="region"
            className={`input ${styles.select}`}
            value={region}
            disabled={busy || !canChange || !country || !regionsReady || regions.length === 0}
            aria-describedby="calendar-region-hint"
            onChange={(e) => setRegion(e.target.value)}
          >
            <option value="">{t('settings.system.calendar.wholeCountry')}</option>
            {regionsReady &&
              byPlaceName(regions, i18n.language).map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
          </select>
          <p id="calendar-region-hint" className={styles.hint}>
            {country && regionsReady && regions.length === 0 ? t('settings.system.calendar.noRegions') : t('settings.system.calendar.regionHint')}
          </p>
        </div>
      </div>
      {canChange ? (
        <div className={styles.formActions}>
          <Button variant="primary" onClick={() => void save()} busy={busy} disabled={!country || !dirty || !regionsReady}>
            {t('settings.system.calendar.save')}
          </Button>
        </div>
      ) : (
        <p className={styles.hint}>{t('settings.system.calendar.locked')}</p>
      )}
    </section>
  );
}

// The targeting of one taste cluster in the wizard's Ads step (spec 2 §4 Targeting mode options,
// Postal-code dialog, Range locations; §5 Targeting): the mode, the age range, and the geographic
// dialogs. The dialogs are loaded only when opened, so the wizard page's first JavaScript stays
// small (issue 14: 200 KB gzip).
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { Targeting, TargetingMode } from '../../../../lib/contracts/setup-process';
import { distanceUnitFor, targetingCode, targetingModeOptions } from '../../../../lib/campaigns/setup-rules';
import { useTranslation } from '../../../../lib/i18n/react';
import { Button } from '../../../ui/Button';
import { AgeRangeField } from './AgeRangeField';
import { countryName } from './countryNames';
import { EMPTY_RANGES } from './rangeLocations';
import { defaultMode } from './targetingMode';
import styles from './TargetingForm.module.css';

const PostalCodeDialog = lazy(() => import('./PostalCodeDialog').then((m) => ({ default: m.PostalCodeDialog })));
const RadiusDialog = lazy(() => import('./RadiusDialog').then((m) => ({ default: m.RadiusDialog })));

export interface TargetingFormProps {
  targeting: Targeting;
  /** The creative has custom audiences: fd_targeting is not offered. */
  hasAudience: boolean;
  /** Geographic modes only (prisma partners, whose customers Encore does not know). */
  geoOnly: boolean;
  onChange(next: Targeting): void;
  disabled?: boolean;
}

/** Names shown in a summary line before "+N more". */
const SUMMARY_NAMES = 4;

export function TargetingForm({ targeting, hasAudience, geoOnly, onChange, disabled = false }: TargetingFormProps) {
  const { t, i18n } = useTranslation();
  const uid = useId();
  const [dialog, setDialog] = useState<'postal_codes' | 'range_locations' | null>(null);
  // The debounced age change and the dialogs build on the latest targeting, not the one of their render.
  const latest = useRef(targeting);
  latest.current = targeting;
  const change = (patch: Partial<Targeting>) => onChange({ ...latest.current, ...patch });

  const options = targetingModeOptions(hasAudience, geoOnly);
  const mode = targeting.targeting_mode;
  const modeOffered = mode !== null && options.includes(mode);

  // spec 2 §4: a cluster without a mode gets the default one (its customers when offered).
  useEffect(() => {
    if (mode === null && !disabled) change({ targeting_mode: defaultMode(options) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, disabled]);

  const code = mode === null ? null : targetingCode(targeting, { hasAudience, geoOnly });
  const postalCount = Object.values(targeting.postal_codes).reduce((n, l) => n + l.length, 0);
  const ranges = targeting.range_locations ?? EMPTY_RANGES;

  const names = (list: string[]) =>
    list.length > SUMMARY_NAMES ? `${list.slice(0, SUMMARY_NAMES).join(', ')} ${t('campaigns.wizard.targeting.more', { count: list.length - SUMMARY_NAMES })}` : list.join(', ');

  return (
    <fieldset className={styles.form} disabled={disabled} data-testid={`targeting-${targeting.tc}`}>
      <legend className={styles.legend}>{t('campaigns.wizard.targeting.title')}</legend>
      <div className={styles.row}>
        <div className={`field ${styles.modeField}`}>
          <label htmlFor={`${uid}-mode`}>{t('campaigns.wizard.targeting.mode.label')}</label>
          <select
            id={`${uid}-mode`}
            className="input"
            value={modeOffered ? mode : ''}
            disabled={disabled || options.length === 1}
            aria-invalid={code ? true : undefined}
            aria-describedby={code ? `${uid}-code` : `${uid}-mode-hint`}
            onChange={(e) => change({ targeting_mode: e.target.value as TargetingMode })}
          >
            {!modeOffered && <option value="">{t('campaigns.wizard.targeting.mode.choose')}</option>}
            {options.map((o) => (
              <option key={o} value={o}>
                {t(`campaigns.wizard.targeting.mode.${o}`)}
              </option>
            ))}
          </select>
          <p id={`${uid}-mode-hint`} className={styles.hint}>
            {t(`campaigns.wizard.targeting.mode.hint.${modeOffered ? mode : 'none'}`)}
          </p>
        </div>
        <AgeRangeField value={targeting.age_range} disabled={disabled} onChange={(age_range) => change({ age_range })} />
      </div>

      {mode === 'postal_codes' && (
        <div className={styles.geo}>
          <div className={styles.geoText}>
            <strong>{t('campaigns.wizard.targeting.postal.title')}</strong>
            <span>
              {postalCount
                ? t('campaigns.wizard.targeting.postal.count', {
                    count: postalCount,
                    countries: Object.keys(targeting.postal_codes)
                      .filter((c) => targeting.postal_codes[c]!.length)
                      .map((c) => countryName(c, i18n.language))
                      .join(', '),
                  })
                : t('campaigns.wizard.targeting.postal.none')}
            </span>
          </div>
          <Button variant="secondary" size="sm" iconName="mapPin" disabled={disabled} onClick={() => setDialog('postal_codes')}>
            {t(postalCount ? 'campaigns.wizard.targeting.postal.edit' : 'campaigns.wizard.targeting.postal.add')}
          </Button>
        </div>
      )}

      {mode === 'range_locations' && (
        <div className={styles.geo}>
          <div className={styles.geoText}>
            <strong>{t('campaigns.wizard.targeting.radius.title')}</strong>
            {ranges.included.length + ranges.excluded.length === 0 ? (
              <span>{t('campaigns.wizard.targeting.radius.none')}</span>
            ) : (
              <>
                {ranges.included.length > 0 && <span>{t('campaigns.wizard.targeting.radius.includedList', { names: names(ranges.included.map((l) => l.name)) })}</span>}
                {ranges.excluded.length > 0 && <span>{t('campaigns.wizard.targeting.radius.excludedList', { names: names(ranges.excluded.map((l) => l.name)) })}</span>}
              </>
            )}
          </div>
          <Button variant="secondary" size="sm" iconName="compass" disabled={disabled} onClick={() => setDialog('range_locations')}>
            {t(ranges.included.length + ranges.excluded.length ? 'campaigns.wizard.targeting.radius.edit' : 'campaigns.wizard.targeting.radius.add')}
          </Button>
        </div>
      )}

      {code && (
        <p id={`${uid}-code`} className="alert alert--error" role="alert">
          {t(`campaigns.wizard.targeting.validation.${code}`)}
        </p>
      )}

      <Suspense fallback={null}>
        {dialog === 'postal_codes' && (
          <PostalCodeDialog
            saved={targeting.postal_codes}
            onSave={(postal_codes) => {
              change({ postal_codes });
              setDialog(null);
            }}
            onClose={() => setDialog(null)}
          />
        )}
        {dialog === 'range_locations' && (
          <RadiusDialog
            saved={ranges}
            unit={distanceUnitFor(i18n.language)}
            onSave={(range_locations) => {
              change({ range_locations });
              setDialog(null);
            }}
            onClose={() => setDialog(null)}
          />
        )}
      </Suspense>
    </fieldset>
  );
}

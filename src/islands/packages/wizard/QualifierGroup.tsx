// A segmentation filter's qualifier (spec 3 §5 "price and date fields disabled until a qualifier is
// chosen; clicking the active radio clears it"): native radios, so arrows and screen readers work
// as usual; a click (or Space) on the chosen one clears it, and a Clear button says so for those
// who would not guess.
import { useTranslation } from '../../../lib/i18n/react';
import styles from './Wizard.module.css';

export function QualifierGroup<Q extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  describedBy,
}: {
  name: string;
  legend: string;
  options: { value: Q; label: string }[];
  value: Q | null;
  onChange(next: Q | null): void;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.qualifier} aria-describedby={describedBy}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.qualifierOptions}>
        {options.map((o) => (
          <label key={o.value} className={styles.radio}>
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              onClick={() => {
                // onChange does not fire for the radio already chosen: this click clears it.
                if (value === o.value) onChange(null);
              }}
            />
            <span>{o.label}</span>
          </label>
        ))}
        {value !== null && (
          <button type="button" className={styles.linkButton} onClick={() => onChange(null)} title={t('packages.wizard.settings.clearHint')}>
            {t('packages.wizard.settings.clear')}
            <span className="visually-hidden">: {legend}</span>
          </button>
        )}
      </div>
    </fieldset>
  );
}

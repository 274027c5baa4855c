// A variation's export (spec 3 §2 "export (CSV or CRM)", §5 "export name max 80 characters; a
// timestamp is appended; send is disabled if empty"): one export name for both ways out, the CSV
// download of the customer list, and — when a supported CRM secret exists (spec 3 §6) — the
// External CRM dialog, given by the page as `crm`.
import { useState, type ReactNode } from 'react';
import { downloadCustomerList } from '../../../lib/api/packages';
import { useTranslation } from '../../../lib/i18n/react';
import { exportNameProblem, PB } from '../../../lib/packages/rules';
import { Button } from '../../ui/Button';
import { errorText } from '../format';
import styles from './Results.module.css';

export function ExportPanel({
  packageId,
  variationTitle,
  defaultName,
  idPrefix,
  crm,
  demo = false,
}: {
  packageId: number;
  variationTitle: string;
  defaultName: string;
  /** Keeps ids unique when the drawer and the narrow page both hold a panel. */
  idPrefix: string;
  /** The CRM part (button and dialog) when a supported CRM exists; it receives the export name. */
  crm?: (name: string, nameProblem: boolean) => ReactNode;
  /** Demo mode's sample package: every export is off, and the panel says why. */
  demo?: boolean;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(defaultName);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const problem = exportNameProblem(name);
  const length = [...name.trim()].length;
  const id = (s: string) => `${idPrefix}-${s}`;

  const csv = async () => {
    if (problem || demo) return;
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      await downloadCustomerList(packageId, variationTitle, name.trim());
      setDone(true);
    } catch (err) {
      setError(errorText(t, err, 'packages.variation.export.csvFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.detailSection} aria-labelledby={id('export')} data-testid="variation-export">
      <h3 id={id('export')} className={styles.detailHeading}>
        {t('packages.variation.export.heading')}
      </h3>
      <div className="field">
        <label htmlFor={id('name')}>{t('packages.variation.export.name')}</label>
        <input
          id={id('name')}
          className="input"
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id('hint')} ${id('count')}${problem ? ` ${id('problem')}` : ''}`}
          data-testid="variation-export-name"
        />
        <p id={id('hint')} className={styles.muted}>
          {t('packages.variation.export.nameHint', { max: PB.exportNameMax })}
        </p>
        <p id={id('count')} className={length > PB.exportNameMax ? styles.counterOver : styles.muted}>
          {t('packages.variation.export.counter', {
            count: length,
            max: PB.exportNameMax,
          })}
        </p>
        {problem && (
          <p id={id('problem')} className={styles.fieldError}>
            {t(problem === 'required' ? 'packages.variation.export.required' : 'packages.variation.export.tooLong', { max: PB.exportNameMax })}
          </p>
        )}
      </div>
      <div className={styles.exportActions}>
        <Button
          variant="secondary"
          iconName="download"
          onClick={() => void csv()}
          busy={busy}
          disabled={problem !== null || demo}
          // The reason stands visibly below it (a tooltip besides took the first Escape of the drawer).
          aria-describedby={error ? id('csv-error') : demo ? id('demo') : undefined}
          data-testid="variation-csv"
        >
          {t('packages.variation.export.csv')}
        </Button>
        {crm?.(name.trim(), problem !== null)}
      </div>
      {demo && (
        <p id={id('demo')} className={styles.demoNote} data-testid="variation-export-demo">
          {t('packages.demo.exportDisabled')}
        </p>
      )}
      {error && (
        <p id={id('csv-error')} className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className={styles.muted} role="status">
          {t('packages.variation.export.csvDone')}
        </p>
      )}
    </section>
  );
}

// Step 3 (spec 3 §2 "summary with Edit buttons back to steps"): the events, the mode and the
// segmentation as they will be sent, each part with its Edit button, and the package name (an
// empty name on blur becomes 'Package-' plus the date and hour, spec 3 §5).
import { useTranslation } from '../../../lib/i18n/react';
import { defaultPackageName, PB, type BuilderState, type Step } from '../../../lib/packages/rules';
import { Button } from '../../ui/Button';
import { formatDateTime, formatDay, formatMoney } from '../format';
import styles from './Wizard.module.css';

export function OverviewStep({ state, onEdit, onName, currency }: { state: BuilderState; onEdit(step: Step): void; onName(name: string): void; currency: string }) {
  const { t, i18n } = useTranslation();
  const k = (key: string) => `packages.wizard.overview.${key}`;
  const s = state.customerSegmentation;
  const lines: string[] = [];
  if (s.customerIds.qualifier && s.customerIds.value.length)
    lines.push(t(k(s.customerIds.qualifier === 'exclude' ? 'excludedIds' : 'includedIds'), { count: s.customerIds.value.length }));
  if (s.excludedPriceRange.qualifier && s.excludedPriceRange.value !== null)
    lines.push(
      t(k(s.excludedPriceRange.qualifier === 'below' ? 'priceBelow' : 'priceAbove'), {
        price: formatMoney(s.excludedPriceRange.value, currency, i18n.language),
      }),
    );
  if (s.excludedPurchaseDate.qualifier && s.excludedPurchaseDate.value)
    lines.push(
      t(k(s.excludedPurchaseDate.qualifier), {
        date: formatDay(s.excludedPurchaseDate.value),
      }),
    );
  lines.push(
    s.excludedTicketCategories.length
      ? t(k('categories'), {
          list: s.excludedTicketCategories.map((c) => t(`packages.categories.${c}`)).join(', '),
        })
      : t(k('noCategories')),
  );

  return (
    <div className={styles.stepBody}>
      <section className={styles.summary} aria-labelledby="pb-overview-events">
        <div className={styles.summaryHead}>
          <h3 id="pb-overview-events" className={styles.subheading}>
            {t(k('events'))}
          </h3>
          <Button variant="secondary" size="sm" iconName="edit" onClick={() => onEdit(1)} data-testid="package-edit-1">
            {t(k('editEvents'))}
          </Button>
        </div>
        <ul className={styles.summaryList} data-testid="package-overview-events">
          {state.listItems.map((e) => (
            <li key={e.id}>
              <span className={styles.summaryTitle}>{e.title}</span>
              <span className={styles.summaryMeta}>{[formatDateTime(e.start_date_time), e.venue_name, e.location].filter(Boolean).join(' · ')}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.summary} aria-labelledby="pb-overview-settings">
        <div className={styles.summaryHead}>
          <h3 id="pb-overview-settings" className={styles.subheading}>
            {t(k('settings'))}
          </h3>
          <Button variant="secondary" size="sm" iconName="edit" onClick={() => onEdit(2)} data-testid="package-edit-2">
            {t(k('editSettings'))}
          </Button>
        </div>
        <dl className={styles.summaryGrid}>
          <div>
            <dt>{t(k('mode'))}</dt>
            <dd>{state.targetMode ? t(`packages.modes.${state.targetMode}.title`) : '–'}</dd>
          </div>
          <div>
            <dt>{t(k('variations'))}</dt>
            <dd>{state.variationsNumber}</dd>
          </div>
          <div className={styles.summaryWide}>
            <dt>{t(k('segmentation'))}</dt>
            <dd>
              <ul className={styles.plainList} data-testid="package-overview-filters">
                {lines.map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
      </section>

      <div className={`field ${styles.nameField}`}>
        <label htmlFor="pb-name">{t(k('name'))}</label>
        <input
          id="pb-name"
          className="input"
          value={state.name}
          maxLength={PB.maxTitle}
          placeholder={defaultPackageName(new Date())}
          onChange={(e) => onName(e.target.value)}
          onBlur={(e) => {
            // spec 3 §5: an empty name on blur falls back to 'Package-' plus the date and hour.
            if (!e.target.value.trim()) onName(defaultPackageName(new Date()));
          }}
          aria-describedby="pb-name-hint"
          data-testid="package-name"
        />
        <p id="pb-name-hint" className={styles.hint}>
          {t(k('nameHint'))}
        </p>
      </div>
    </div>
  );
}

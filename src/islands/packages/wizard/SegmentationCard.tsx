// Step 2's collapsible customer segmentation (spec 3 §2; §3 "Customer segmentation"; §5): customer
// ids to exclude or include (through the ID-matching dialog), a typical-price limit below or above,
// a purchase date before or after, and the ticket categories that do not count (default free;
// cancelled and reserved are not offered). Price and date fields stay disabled until a qualifier is
// chosen. The card opens when the URL's hash is #customer-segmentation, and keeps the hash in step
// with its state so the link to it is shareable.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { EXCLUDABLE_CATEGORIES, priceProblem, type CustomerSegmentation } from '../../../lib/packages/rules';
import { Button } from '../../ui/Button';
import { DateField } from '../../ui/DateField';
import { Icon } from '../../ui/Icon';
import { IdMatchDialog, type MatchFlags } from './IdMatchDialog';
import { QualifierGroup } from './QualifierGroup';
import styles from './Wizard.module.css';

export const SEGMENTATION_HASH = '#customer-segmentation';

/** How many filters beyond the default categories are set (for the closed card's summary). */
export function activeFilters(s: CustomerSegmentation): number {
  return (
    (s.customerIds.qualifier && s.customerIds.value.length ? 1 : 0) +
    (s.excludedPriceRange.qualifier && s.excludedPriceRange.value !== null ? 1 : 0) +
    (s.excludedPurchaseDate.qualifier && s.excludedPurchaseDate.value ? 1 : 0)
  );
}

export function SegmentationCard({
  value,
  onChange,
  currency,
}: {
  value: CustomerSegmentation;
  onChange(change: (s: CustomerSegmentation) => CustomerSegmentation): void;
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const card = useRef<HTMLElement>(null);
  const k = (key: string) => `packages.wizard.settings.segmentation.${key}`;

  // spec 3 §2: opened by the URL hash #customer-segmentation (also when it changes later).
  useEffect(() => {
    const sync = () => {
      if (location.hash === SEGMENTATION_HASH) {
        setOpen(true);
        requestAnimationFrame(() => card.current?.scrollIntoView({ block: 'start' }));
      }
    };
    sync();
    window.addEventListener('hashchange', sync);
    return () => window.removeEventListener('hashchange', sync);
  }, []);

  const toggle = () => {
    const next = !open;
    setOpen(next);
    const url = `${location.pathname}${location.search}${next ? SEGMENTATION_HASH : ''}`;
    history.replaceState(history.state, '', url);
  };

  const ids = value.customerIds;
  const price = value.excludedPriceRange;
  const date = value.excludedPurchaseDate;
  const negative = price.qualifier ? priceProblem(price.value) : null;
  const filters = activeFilters(value);
  const setIds = (patch: Partial<CustomerSegmentation['customerIds']>) => onChange((s) => ({ ...s, customerIds: { ...s.customerIds, ...patch } }));

  const idsSummary = !ids.value.length
    ? t(k('idsNone'))
    : !ids.qualifier
      ? t(k('idsUnused'), { count: ids.value.length })
      : t(k(ids.qualifier === 'exclude' ? 'idsExclude' : 'idsInclude'), {
          count: ids.value.length,
        });

  return (
    <section ref={card} id="customer-segmentation" className={styles.card} data-testid="segmentation-card">
      <h3 className={styles.cardHeading}>
        <button type="button" className={styles.collapse} aria-expanded={open} aria-controls="customer-segmentation-body" onClick={toggle}>
          <span>
            <span className={styles.collapseTitle}>{t(k('title'))}</span>
            <span className={styles.collapseSummary}>{filters ? t(k('summary'), { count: filters }) : t(k('summaryNone'))}</span>
          </span>
          <Icon name={open ? 'arrowUp' : 'arrowDown'} size={18} />
        </button>
      </h3>
      <div id="customer-segmentation-body" className={styles.cardBody} hidden={!open}>
        <p className={styles.hint}>{t(k('intro'))}</p>

        <div className={styles.filter}>
          <QualifierGroup
            name="pb-customer-ids"
            legend={t(k('customerIds'))}
            options={[
              { value: 'exclude', label: t(k('exclude')) },
              { value: 'include', label: t(k('include')) },
            ]}
            value={ids.qualifier}
            onChange={(q) => setIds({ qualifier: q })}
          />
          <div className={styles.filterValue}>
            <p className={styles.idsSummary} data-testid="segmentation-ids-summary">
              {idsSummary}
            </p>
            <Button
              variant="secondary"
              size="sm"
              disabled={!ids.qualifier}
              disabledHint={t(k('needQualifier'))}
              onClick={() => setDialogOpen(true)}
              data-testid="segmentation-ids-open"
            >
              {t(k(ids.value.length ? 'editIds' : 'addIds'))}
            </Button>
          </div>
        </div>

        <div className={styles.filter}>
          <QualifierGroup
            name="pb-price"
            legend={t(k('price'))}
            options={[
              { value: 'below', label: t(k('below')) },
              { value: 'above', label: t(k('above')) },
            ]}
            value={price.qualifier}
            onChange={(q) =>
              onChange((s) => ({
                ...s,
                excludedPriceRange: { ...s.excludedPriceRange, qualifier: q },
              }))
            }
          />
          <div className={`field ${styles.filterValue}`}>
            <label htmlFor="pb-price-value">{t(k('priceLabel'), { currency })}</label>
            <input
              id="pb-price-value"
              className={`input ${styles.numberInput}`}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              disabled={!price.qualifier}
              value={price.value ?? ''}
              onChange={(e) => {
                const raw = e.target.value;
                const n = raw === '' ? null : Number(raw);
                onChange((s) => ({
                  ...s,
                  excludedPriceRange: {
                    ...s.excludedPriceRange,
                    value: n !== null && Number.isFinite(n) ? n : null,
                  },
                }));
              }}
              aria-invalid={negative ? true : undefined}
              aria-describedby={negative ? 'pb-price-error' : !price.qualifier ? 'pb-price-disabled' : undefined}
              data-testid="segmentation-price"
            />
            {!price.qualifier && (
              <p id="pb-price-disabled" className={styles.hint}>
                {t(k('needQualifier'))}
              </p>
            )}
            {negative && (
              <p id="pb-price-error" className={styles.fieldError} role="alert">
                {t(k('negativePrice'))}
              </p>
            )}
          </div>
        </div>

        <div className={styles.filter}>
          <QualifierGroup
            name="pb-date"
            legend={t(k('purchaseDate'))}
            options={[
              { value: 'before', label: t(k('before')) },
              { value: 'after', label: t(k('after')) },
            ]}
            value={date.qualifier}
            onChange={(q) =>
              onChange((s) => ({
                ...s,
                excludedPurchaseDate: {
                  ...s.excludedPurchaseDate,
                  qualifier: q,
                },
              }))
            }
          />
          <div className={`field ${styles.filterValue}`}>
            <label htmlFor="pb-date-value">{t(k('dateLabel'))}</label>
            <DateField
              id="pb-date-value"
              value={date.value}
              onChange={(iso) =>
                onChange((s) => ({
                  ...s,
                  excludedPurchaseDate: {
                    ...s.excludedPurchaseDate,
                    value: iso,
                  },
                }))
              }
              onInvalid="clear"
              disabled={!date.qualifier}
              describedBy={!date.qualifier ? 'pb-date-disabled' : undefined}
              language={i18n.language}
              placeholder={t(k('datePlaceholder'))}
              texts={{
                invalidDate: t(k('invalidDate')),
                openCalendar: t(k('openCalendar')),
                format: t(k('dateFormat')),
                loading: t(k('loadingCalendar')),
              }}
            />
            {!date.qualifier && (
              <p id="pb-date-disabled" className={styles.hint}>
                {t(k('needQualifier'))}
              </p>
            )}
          </div>
        </div>

        <div className={styles.categoriesWrap}>
          <fieldset className={styles.categories} aria-describedby="pb-categories-intro">
            <legend className={styles.legend}>{t(k('categories'))}</legend>
            <p id="pb-categories-intro" className={styles.hint}>
              {t(k('categoriesIntro'))}
            </p>
            <div className={styles.checkboxes}>
              {EXCLUDABLE_CATEGORIES.map((c) => (
                <label key={c} className={styles.checkbox}>
                  <input
                    type="checkbox"
                    checked={value.excludedTicketCategories.includes(c)}
                    onChange={(e) =>
                      onChange((s) => ({
                        ...s,
                        excludedTicketCategories: e.target.checked ? [...s.excludedTicketCategories, c] : s.excludedTicketCategories.filter((x) => x !== c),
                      }))
                    }
                  />
                  <span>{t(`packages.categories.${c}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      </div>
      {ids.qualifier && (
        <IdMatchDialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          qualifier={ids.qualifier}
          savedIds={ids.value}
          onFinish={(keep, left) => setIds({ value: keep, unmatchedIds: left, loading: false })}
          onFlags={(f: MatchFlags) => setIds(f)}
        />
      )}
    </section>
  );
}

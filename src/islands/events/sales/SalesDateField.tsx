// A sales day (spec 3 "Manual sales entry") in the shared date field, within [min, max]. A typed
// text that is no day, or a day out of bounds, leaves the value empty and says why, so the form
// stays invalid until it is fixed (a kept earlier day would be saved without the user noticing).
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { DateField } from '../../ui/DateField';
import { formatDisplayDate } from '../list/dates';
import { checkSalesDay } from './manualSales';
import styles from './SalesPanel.module.css';

export function SalesDateField({
  label,
  value,
  min,
  max,
  disabled = false,
  hint,
  onChange,
  onBlur,
}: {
  label: string;
  value: string;
  min: string | null;
  max: string;
  disabled?: boolean;
  hint?: string;
  onChange: (iso: string) => void;
  onBlur: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const message = (key: string) => t(`event.salesEdit.errors.${key}`, { max: formatDisplayDate(max), min: min ? formatDisplayDate(min) : '' });
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label} <span aria-hidden="true">*</span>
      </label>
      <DateField
        id={id}
        value={value}
        min={min}
        max={max}
        check={(iso) => {
          const refused = checkSalesDay(iso, { min, max });
          return refused ? message(refused) : null;
        }}
        onInvalid="clear"
        onChange={(iso) => onChange(iso ?? '')}
        onBlur={onBlur}
        disabled={disabled}
        required
        placeholder={t('event.salesEdit.manual.datePlaceholder')}
        describedBy={hint ? `${id}-hint` : undefined}
        language={i18n.language}
        texts={{
          invalidDate: message('invalidDate'),
          openCalendar: t('event.salesEdit.manual.openCalendar', { field: label }),
          format: t('event.salesEdit.manual.dateFormat'),
          loading: t('common.loading'),
        }}
      />
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}

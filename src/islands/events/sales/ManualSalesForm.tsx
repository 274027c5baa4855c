// Manual sales entry (spec 3 "Manual sales entry", §4, §5): a period and rows of ticket type,
// tickets and revenue, sent as one summary. zod lives in this chunk only: it loads when the panel
// opens, never with the events list.
import { useId, useState, useLayoutEffect } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { EventItem } from '../../../lib/contracts/events';
import { postTransactionSummary } from '../../../lib/api/sales';
import { useTranslation } from '../../../lib/i18n/react';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { formatDisplayDate, todayIso } from '../list/dates';
import { maxSalesDay, revenueValid, revenueWithinLimit, ticketsValid, ticketsWithinLimit, toPayload, type SalesRowInput } from './manualSales';
import { SalesDateField } from './SalesDateField';
import { TICKET_TYPES, type TicketType } from './ticketTypes';
import { PanelFooter, type PanelFormProps } from './panelParts';
import styles from './SalesPanel.module.css';

const POSITIVE = 'event.salesEdit.errors.valueMustBePositive';
const REQUIRED = 'event.salesEdit.errors.required';

const schema = z
  .object({
    start: z.string().min(1, REQUIRED),
    end: z.string().min(1, REQUIRED),
    rows: z
      .array(
        z.object({
          type: z.union([z.enum(TICKET_TYPES), z.literal('')]).refine((v) => v !== '', REQUIRED),
          sold: z.string().trim().min(1, REQUIRED).refine(ticketsValid, POSITIVE).refine(ticketsWithinLimit, 'event.salesEdit.errors.ticketsTooLarge'),
          revenue: z.string().trim().min(1, REQUIRED).refine(revenueValid, POSITIVE).refine(revenueWithinLimit, 'event.salesEdit.errors.revenueTooLarge'),
        }),
      )
      .min(1),
  })
  .refine((v) => !v.start || !v.end || v.end >= v.start, { path: ['end'], message: 'event.salesEdit.errors.beforeStart' });

type FormValues = { start: string; end: string; rows: SalesRowInput[] };

const EMPTY_ROW: SalesRowInput = { type: '', sold: '', revenue: '' };

export default function ManualSalesForm({ event, onCancel, onSaved, onDirtyChange }: PanelFormProps) {
  const { t } = useTranslation();
  const formId = useId();
  const max = maxSalesDay(todayIso(), event.date);
  const [serverError, setServerError] = useState(false);
  const { control, register, handleSubmit, formState, setValue, getValues, trigger } = useForm<FormValues>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: { start: '', end: '', rows: [EMPTY_ROW] },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'rows' });
  const rows = useWatch({ control, name: 'rows' });
  const start = useWatch({ control, name: 'start' });
  const { errors, isValid, isDirty, isSubmitting, touchedFields, submitCount } = formState;

  // Before the paint that shows the input: an Escape right after it must already find it unsaved.
  useLayoutEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const chosen = new Set(rows.map((r) => r.type).filter(Boolean));
  const missingRequired =
    (submitCount > 0 || Object.keys(touchedFields).length > 0) &&
    (!getValues('start') || !getValues('end') || rows.some((r) => !r.type || !r.sold.trim() || !r.revenue.trim()));

  const submit = handleSubmit(async (values) => {
    setServerError(false);
    try {
      await postTransactionSummary(toPayload(event.id, values.start, values.end, values.rows));
      onSaved();
    } catch (err) {
      console.error('Manual sales failed', err);
      setServerError(true);
    }
  });

  return (
    <form id={formId} className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-describedby={`${formId}-required`}>
      <fieldset className={styles.dates}>
        <legend className="visually-hidden">{t('event.salesEdit.manual.period')}</legend>
        <Controller
          control={control}
          name="start"
          render={({ field }) => (
            <SalesDateField
              label={t('event.salesEdit.manual.startDate')}
              value={field.value}
              min={null}
              max={max}
              hint={t('event.salesEdit.manual.maxDate', { date: formatDisplayDate(max) })}
              onChange={(iso) => {
                field.onChange(iso);
                // An end before the new start no longer fits: it is cleared rather than kept wrong.
                const end = getValues('end');
                if (end && iso && end < iso) setValue('end', '', { shouldValidate: true, shouldDirty: true });
                else void trigger('end');
              }}
              onBlur={field.onBlur}
            />
          )}
        />
        <Controller
          control={control}
          name="end"
          render={({ field }) => (
            <SalesDateField
              key={start ? 'enabled' : 'disabled'}
              label={t('event.salesEdit.manual.endDate')}
              value={field.value}
              min={start || null}
              max={max}
              disabled={!start}
              hint={start ? undefined : t('event.salesEdit.manual.endAfterStart')}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      </fieldset>

      <div className={styles.rows} role="group" aria-labelledby={`${formId}-rows`}>
        <h3 id={`${formId}-rows`} className={styles.subTitle}>
          {t('event.salesEdit.manual.ticketsTitle')}
        </h3>
        {fields.map((field, index) => {
          const rowErrors = errors.rows?.[index];
          const touched = touchedFields.rows?.[index];
          const show = (name: 'type' | 'sold' | 'revenue') => (submitCount > 0 || touched?.[name]) && rowErrors?.[name]?.message;
          const ids = { type: `${formId}-type-${index}`, sold: `${formId}-sold-${index}`, revenue: `${formId}-revenue-${index}` };
          return (
            <div key={field.id} className={styles.row} data-testid="sales-row">
              <div className={styles.field}>
                <label htmlFor={ids.type} className={styles.label}>
                  {t('event.salesEdit.manual.ticketType')} <span aria-hidden="true">*</span>
                </label>
                <select
                  id={ids.type}
                  className={`input ${styles.select}`}
                  required
                  aria-invalid={show('type') ? true : undefined}
                  {...register(`rows.${index}.type`)}
                >
                  <option value="">{t('event.salesEdit.manual.chooseType')}</option>
                  {TICKET_TYPES.map((type: TicketType) => (
                    <option key={type} value={type} disabled={chosen.has(type) && rows[index]?.type !== type}>
                      {t(`event.salesEdit.ticketTypes.${type}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div className={styles.field}>
                <label htmlFor={ids.sold} className={styles.label}>
                  {t('event.salesEdit.manual.tickets')} <span aria-hidden="true">*</span>
                </label>
                <input
                  id={ids.sold}
                  className="input"
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  aria-invalid={show('sold') ? true : undefined}
                  aria-describedby={show('sold') ? `${ids.sold}-error` : undefined}
                  {...register(`rows.${index}.sold`)}
                />
                {show('sold') && (
                  <p id={`${ids.sold}-error`} className={styles.fieldError}>
                    {t(rowErrors!.sold!.message!)}
                  </p>
                )}
              </div>
              <div className={styles.field}>
                <label htmlFor={ids.revenue} className={styles.label}>
                  {t('event.salesEdit.manual.revenue')} <span aria-hidden="true">*</span>
                </label>
                <input
                  id={ids.revenue}
                  className="input"
                  inputMode="decimal"
                  autoComplete="off"
                  required
                  aria-invalid={show('revenue') ? true : undefined}
                  aria-describedby={show('revenue') ? `${ids.revenue}-error` : undefined}
                  {...register(`rows.${index}.revenue`)}
                />
                {show('revenue') && (
                  <p id={`${ids.revenue}-error`} className={styles.fieldError}>
                    {t(rowErrors!.revenue!.message!)}
                  </p>
                )}
              </div>
              <div className={styles.rowAction}>
                {/* spec 3: the first row stays. */}
                {index > 0 && (
                  <button
                    type="button"
                    className={styles.iconButton}
                    aria-label={t('event.salesEdit.manual.removeRow', { n: index + 1 })}
                    onClick={() => remove(index)}
                  >
                    <Icon name="close" size={16} />
                  </button>
                )}
              </div>
            </div>
          );
        })}
        {fields.length < TICKET_TYPES.length && (
          <button type="button" className={styles.linkButton} onClick={() => append(EMPTY_ROW, { shouldFocus: true })}>
            <Icon name="plus" size={16} />
            {t('event.salesEdit.manual.addRow')}
          </button>
        )}
      </div>

      <p id={`${formId}-required`} className={styles.formNote} role="status">
        {missingRequired ? t('event.salesEdit.errors.fillRequired') : ''}
      </p>
      {serverError && (
        <p className="alert alert--error" role="alert">
          {t('event.salesEdit.errors.server')}
        </p>
      )}
      <PanelFooter>
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          {t('event.salesEdit.cancel')}
        </Button>
        <Button type="submit" busy={isSubmitting} disabled={!isValid}>
          {t('event.salesEdit.manual.submit')}
        </Button>
      </PanelFooter>
    </form>
  );
}

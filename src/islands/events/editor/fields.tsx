// The event's form fields, shared by the event editor (spec 3) and the ITC regeneration form
// (spec 2 §4), which edit the same EditorValues under the same eventEdit.* texts. Each piece reads
// the form from react-hook-form's FormProvider; the caller owns layout, ids and which fields show.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Controller, get, useFieldArray, useFormContext, type FieldError } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/react';
import { ARTIST_ROLES, FORM_CATEGORIES } from '../../../lib/contracts/event-form';
import { Button } from '../../ui/Button';
import { DateField } from '../../ui/DateField';
import { HALF_HOURS, type BlockValues, type EditorValues } from './form';
import styles from './fields.module.css';

export function Field({ id, label, error, hint, children, className }: { id: string; label: string; error?: FieldError; hint?: string; children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {t(`eventEdit.errors.${error.message}`)}
        </p>
      )}
    </div>
  );
}

/** aria wiring of an input to its Field's hint or error. */
export const a11yProps = (id: string, error?: FieldError, hint = false) => ({
  id,
  'aria-invalid': error ? (true as const) : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

const useEventForm = () => useFormContext<EditorValues>();

export function NameField({ id, className }: { id: string; className?: string }) {
  const { t } = useTranslation();
  const { register, formState } = useEventForm();
  const error = formState.errors.name;
  return (
    <Field id={id} label={t('eventEdit.fields.name')} error={error} className={className}>
      <input className="input" autoComplete="off" {...a11yProps(id, error)} {...register('name')} />
    </Field>
  );
}

export function CategoryField({ id }: { id: string }) {
  const { t } = useTranslation();
  const { register, formState } = useEventForm();
  const error = formState.errors.category;
  return (
    <Field id={id} label={t('eventEdit.fields.category')} error={error}>
      <select className="input" {...a11yProps(id, error)} {...register('category')}>
        <option value="">{t('eventEdit.fields.categoryPlaceholder')}</option>
        {FORM_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {t(`eventEdit.categories.${c}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}

const blockError = (errors: object, index: number, name: keyof BlockValues): FieldError | undefined => get(errors, `blocks.${index}.${name}`);

/** The date of block `index`; `min` and `disabled` pass to the DateField (a custom control a disabled fieldset does not reach). */
export function EventDateField({ index, id, hint, min, disabled }: { index: number; id: string; hint?: string; min?: string; disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const { control, formState } = useEventForm();
  const error = blockError(formState.errors, index, 'date');
  return (
    <Field id={id} label={t('eventEdit.fields.date')} error={error} hint={hint}>
      <Controller
        control={control}
        name={`blocks.${index}.date`}
        render={({ field }) => (
          <DateField
            id={id}
            value={field.value}
            min={min}
            onChange={(iso) => field.onChange(iso ?? '')}
            onBlur={field.onBlur}
            onInvalid="restore"
            invalid={Boolean(error)}
            describedBy={a11yProps(id, error, Boolean(hint))['aria-describedby']}
            language={i18n.language}
            disabled={disabled}
            placeholder={t('eventEdit.fields.datePlaceholder')}
            texts={{
              invalidDate: t('eventEdit.fields.dateInvalid'),
              openCalendar: t('eventEdit.fields.dateCalendar', {
                field: t('eventEdit.fields.date'),
              }),
              format: t('eventEdit.fields.dateFormat'),
              loading: t('common.loading'),
            }}
          />
        )}
      />
    </Field>
  );
}

/** The half-hour start time of block `index`. */
export function TimeField({ index, id }: { index: number; id: string }) {
  const { t } = useTranslation();
  const { register, formState } = useEventForm();
  const error = blockError(formState.errors, index, 'time');
  return (
    <Field id={id} label={t('eventEdit.fields.time')} error={error}>
      <select className="input" {...a11yProps(id, error)} {...register(`blocks.${index}.time`)}>
        <option value="">{t('eventEdit.fields.timePlaceholder')}</option>
        {HALF_HOURS.map((h) => (
          <option key={h} value={h}>
            {h}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** City, venue or hall of block `index`; other input attributes (a datalist, a length cap) pass through, `children` follow the input. */
export function PlaceField({
  index,
  name,
  id,
  children,
  ...input
}: { index: number; name: 'city' | 'venue' | 'hall'; id: string; children?: ReactNode } & Pick<InputHTMLAttributes<HTMLInputElement>, 'list' | 'maxLength'>) {
  const { t } = useTranslation();
  const { register, formState } = useEventForm();
  const error = blockError(formState.errors, index, name);
  return (
    <Field id={id} label={t(`eventEdit.fields.${name}`)} error={error}>
      <input className="input" autoComplete="off" {...input} {...a11yProps(id, error)} {...register(`blocks.${index}.${name}`)} />
      {children}
    </Field>
  );
}

export function CapacityField({ index, id }: { index: number; id: string }) {
  const { t } = useTranslation();
  const { register, formState } = useEventForm();
  const error = blockError(formState.errors, index, 'capacity');
  return (
    <Field id={id} label={t('eventEdit.fields.capacity')} error={error}>
      <input type="number" inputMode="numeric" min={0} step={1} className="input" {...a11yProps(id, error)} {...register(`blocks.${index}.capacity`)} />
    </Field>
  );
}

export function PriceField({ index, id, currency }: { index: number; id: string; currency: string }) {
  const { t } = useTranslation();
  const { register, formState } = useEventForm();
  const error = blockError(formState.errors, index, 'price');
  return (
    <Field id={id} label={t('eventEdit.fields.price', { currency })} error={error}>
      <input type="number" inputMode="decimal" min={0} step="0.01" className="input" {...a11yProps(id, error)} {...register(`blocks.${index}.price`)} />
    </Field>
  );
}

/**
 * How row inputs are labelled: `{ id }` puts a label (and its error) above each input, with ids
 * from the form's id maker (the editor's full rows); 'aria' labels the inputs by aria-label
 * only (the ITC form's compact rows).
 */
export type RowLabels = { id: (name: string) => string } | 'aria';
/** Each form's own layout classes for its rows. */
export interface RowClasses {
  list: string;
  row: string;
  remove?: string;
}

type Labelling = { id?: string; 'aria-label'?: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

function RowInput({ labels, cell, label, error, children }: { labels: RowLabels; cell: string; label: string; error?: FieldError; children: (labelling: Labelling) => ReactNode }) {
  const { t } = useTranslation();
  const errorId = `${useId()}-error`;
  // Compact rows have no visible label, but their error still shows under the input that caused it
  // (not only in a summary at the end of a long form).
  if (labels === 'aria')
    return (
      <div className={styles.rowCell}>
        {children({ 'aria-label': label, 'aria-invalid': error ? true : undefined, 'aria-describedby': error?.message ? errorId : undefined })}
        {error?.message && (
          <p id={errorId} className={styles.fieldError}>
            {t(`eventEdit.errors.${error.message}`)}
          </p>
        )}
      </div>
    );
  const id = labels.id(cell);
  return (
    <Field id={id} label={label} error={error}>
      {children(a11yProps(id, error))}
    </Field>
  );
}

/** The artists (lineups): name and role per row, a remove button each, an add button below; `empty` shows while there is no row. */
export function LineupRows({ labels, classes, empty }: { labels: RowLabels; classes: RowClasses; empty?: string }) {
  const { t } = useTranslation();
  const { control, register, formState } = useEventForm();
  const rows = useFieldArray({ control, name: 'lineups' });
  return (
    <>
      {rows.fields.length === 0 && empty && <p className={styles.hint}>{empty}</p>}
      <ul className={classes.list}>
        {rows.fields.map((row, i) => {
          const e = formState.errors.lineups?.[i];
          return (
            <li key={row.id} className={classes.row} data-testid="artist-row">
              <RowInput labels={labels} cell={`l${i}-name`} label={t('eventEdit.fields.artistName')} error={e?.artist_name}>
                {(labelling) => <input className="input" autoComplete="off" {...labelling} {...register(`lineups.${i}.artist_name`)} />}
              </RowInput>
              <RowInput labels={labels} cell={`l${i}-role`} label={t('eventEdit.fields.role')} error={e?.artist_type}>
                {(labelling) => (
                  <select className="input" {...labelling} {...register(`lineups.${i}.artist_type`)}>
                    <option value="">{t('eventEdit.fields.rolePlaceholder')}</option>
                    {ARTIST_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {t(`eventEdit.roles.${r}`)}
                      </option>
                    ))}
                  </select>
                )}
              </RowInput>
              <Button variant="ghost" size="sm" iconName="close" className={classes.remove} onClick={() => rows.remove(i)} aria-label={t('eventEdit.removeArtist', { n: i + 1 })} />
            </li>
          );
        })}
      </ul>
      <div>
        <Button variant="secondary" size="sm" iconName="plus" onClick={() => rows.append({ artist_name: '', artist_type: '' })}>
          {t('eventEdit.addArtist')}
        </Button>
      </div>
    </>
  );
}

/** The programme (setlists): composer and work per row, a remove button each, an add button below; `empty` shows while there is no row. */
export function SetlistRows({ labels, classes, empty }: { labels: RowLabels; classes: RowClasses; empty?: string }) {
  const { t } = useTranslation();
  const { control, register, formState } = useEventForm();
  const rows = useFieldArray({ control, name: 'setlists' });
  return (
    <>
      {rows.fields.length === 0 && empty && <p className={styles.hint}>{empty}</p>}
      <ul className={classes.list}>
        {rows.fields.map((row, i) => {
          const e = formState.errors.setlists?.[i];
          return (
            <li key={row.id} className={classes.row} data-testid="work-row">
              <RowInput labels={labels} cell={`s${i}-composer`} label={t('eventEdit.fields.composer')} error={e?.artist_name}>
                {(labelling) => <input className="input" autoComplete="off" {...labelling} {...register(`setlists.${i}.artist_name`)} />}
              </RowInput>
              <RowInput labels={labels} cell={`s${i}-track`} label={t('eventEdit.fields.track')} error={e?.track}>
                {(labelling) => <input className="input" autoComplete="off" {...labelling} {...register(`setlists.${i}.track`)} />}
              </RowInput>
              <Button variant="ghost" size="sm" iconName="close" className={classes.remove} onClick={() => rows.remove(i)} aria-label={t('eventEdit.removeWork', { n: i + 1 })} />
            </li>
          );
        })}
      </ul>
      <div>
        <Button variant="secondary" size="sm" iconName="plus" onClick={() => rows.append({ artist_name: '', track: '' })}>
          {t('eventEdit.addWork')}
        </Button>
      </div>
    </>
  );
}

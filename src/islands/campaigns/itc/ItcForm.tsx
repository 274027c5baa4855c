// spec 2 §4 "ITC regeneration" form, in the modal (wide screens) and on /campaigns/{id}/itc: the
// event's fields as the regeneration uses them (the event editor's form rules), saved with the
// pipeline skipped only when changed, then the run is started; toasts and errors per spec 2 §8.
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useForm, type FieldError, type FieldErrors } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/react';
import { ARTIST_ROLES, DESCRIPTION_MAX, FORM_CATEGORIES, type EventDetails } from '../../../lib/contracts/event-form';
import type { ItcStatusResponse } from '../../../lib/contracts/taste-clusters';
import { getEventDetails, updateEvent } from '../../../lib/api/eventForm';
import { startItcRun } from '../../../lib/api/tasteClusters';
import { ApiError } from '../../../lib/api/client';
import { pushToast } from '../../../stores/toasts';
import { Button } from '../../ui/Button';
import { DateField } from '../../ui/DateField';
import { Modal } from '../../ui/Modal';
import { Skeleton } from '../../events/detail/Section';
import { HALF_HOURS, browserTimeZone, editorResolver, fromDetails, hasNumberProblems, toPayload, type EditorValues } from '../../events/editor/form';
import { submitItc } from './itcForm';
import styles from '../Campaigns.module.css';

function Field({ id, label, error, children, wide }: { id: string; label: string; error?: FieldError; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`field ${wide ? styles.formWide : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error?.message && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {t(`eventEdit.errors.${error.message}`)}
        </p>
      )}
    </div>
  );
}

const a11y = (id: string, error?: FieldError) => ({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined });

function Form({ details, canEdit, currency, onDone, onCancel }: { details: EventDetails; canEdit: boolean; currency: string; onDone: (run: ItcStatusResponse) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const uid = useId();
  const id = (n: string) => `${uid}-${n}`;
  const tz = useRef(details.tz && details.tz !== 'UTC' ? details.tz : browserTimeZone());
  const initial = useMemo(() => fromDetails(details), [details]);
  const { register, control, handleSubmit, watch, formState: { errors, isSubmitting } } = useForm<EditorValues>({
    resolver: editorResolver(() => tz.current),
    defaultValues: initial,
  });
  const lineups = useFieldArray({ control, name: 'lineups' });
  const setlists = useFieldArray({ control, name: 'setlists' });
  const [changed, setChanged] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [boxError, setBoxError] = useState<{ title?: string; text: string } | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const product = watch('category') === 'product';
  const description = watch('description') ?? '';

  useEffect(() => {
    const sub = watch((_, info) => info.name && setChanged(true));
    return () => sub.unsubscribe();
  }, [watch]);
  useEffect(() => {
    if (boxError) boxRef.current?.focus();
  }, [boxError]);

  const errorText = (err: unknown) => t(err instanceof ApiError && err.code.startsWith('error.itc') ? err.i18nKey : 'common.errors.inServerResponse');

  const submit = async (v: EditorValues) => {
    setBoxError(null);
    const result = await submitItc({
      original: toPayload(initial, initial.blocks[0], tz.current),
      current: toPayload(v, v.blocks[0], tz.current),
      canSave: canEdit,
      save: (payload) => updateEvent(details.id, payload, { skipPipeline: true }),
      regenerate: () => startItcRun(details.id),
    });
    if (!result.ok) {
      if (result.step === 'save') setBoxError({ title: t('campaigns.itc.form.updateFailed'), text: errorText(result.error) });
      else setBoxError({ text: errorText(result.error) });
      return;
    }
    pushToast({ title: t('campaigns.itc.form.started'), description: t(result.saved ? 'campaigns.itc.form.startedSaved' : 'campaigns.itc.form.startedDetail'), variant: 'success' });
    onDone(result.run);
  };
  const onInvalid = (errs: FieldErrors<EditorValues>) => setBoxError({ text: t(hasNumberProblems(errs) ? 'simulation.form.errors.invalidFields' : 'common.errors.fillRequired') });
  const cancel = () => (changed ? setConfirmCancel(true) : onCancel());
  const b = errors.blocks?.[0];

  return (
    <form className={styles.itcForm} noValidate onSubmit={handleSubmit(submit, onInvalid)} aria-label={t('campaigns.itc.form.title')} data-testid="itc-form">
      <p className={styles.hint}>{t(canEdit ? 'campaigns.itc.form.intro' : 'campaigns.itc.form.readOnly')}</p>
      <fieldset className={styles.formGrid} disabled={!canEdit || isSubmitting}>
        <Field id={id('name')} label={t('eventEdit.fields.name')} error={errors.name} wide>
          <input className="input" autoComplete="off" {...a11y(id('name'), errors.name)} {...register('name')} />
        </Field>
        <Field id={id('category')} label={t('eventEdit.fields.category')} error={errors.category}>
          <select className="input" {...a11y(id('category'), errors.category)} {...register('category')}>
            <option value="">{t('eventEdit.fields.categoryPlaceholder')}</option>
            {FORM_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`eventEdit.categories.${c}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id('date')} label={t('eventEdit.fields.date')} error={b?.date}>
          <Controller
            control={control}
            name="blocks.0.date"
            render={({ field }) => (
              <DateField
                id={id('date')}
                value={field.value}
                onChange={(iso) => field.onChange(iso ?? '')}
                onBlur={field.onBlur}
                onInvalid="restore"
                invalid={Boolean(b?.date)}
                describedBy={b?.date ? `${id('date')}-error` : undefined}
                language={i18n.language}
                disabled={!canEdit}
                placeholder={t('eventEdit.fields.datePlaceholder')}
                texts={{
                  invalidDate: t('eventEdit.fields.dateInvalid'),
                  openCalendar: t('eventEdit.fields.dateCalendar', { field: t('eventEdit.fields.date') }),
                  format: t('eventEdit.fields.dateFormat'),
                  loading: t('common.loading'),
                }}
              />
            )}
          />
        </Field>
        {!product && (
          <>
            <Field id={id('time')} label={t('eventEdit.fields.time')} error={b?.time}>
              <select className="input" {...a11y(id('time'), b?.time)} {...register('blocks.0.time')}>
                <option value="">{t('eventEdit.fields.timePlaceholder')}</option>
                {HALF_HOURS.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={id('city')} label={t('eventEdit.fields.city')} error={b?.city}>
              <input className="input" autoComplete="off" {...a11y(id('city'), b?.city)} {...register('blocks.0.city')} />
            </Field>
            <Field id={id('venue')} label={t('eventEdit.fields.venue')} error={b?.venue}>
              <input className="input" autoComplete="off" {...a11y(id('venue'), b?.venue)} {...register('blocks.0.venue')} />
            </Field>
            <Field id={id('hall')} label={t('eventEdit.fields.hall')} error={b?.hall}>
              <input className="input" autoComplete="off" {...a11y(id('hall'), b?.hall)} {...register('blocks.0.hall')} />
            </Field>
            <Field id={id('capacity')} label={t('eventEdit.fields.capacity')} error={b?.capacity}>
              <input type="number" inputMode="numeric" min={0} step={1} className="input" {...a11y(id('capacity'), b?.capacity)} {...register('blocks.0.capacity')} />
            </Field>
            <Field id={id('price')} label={t('eventEdit.fields.price', { currency })} error={b?.price}>
              <input type="number" inputMode="decimal" min={0} step="0.01" className="input" {...a11y(id('price'), b?.price)} {...register('blocks.0.price')} />
            </Field>
          </>
        )}
        <Field id={id('description')} label={`${t('eventEdit.fields.description')} (${description.length}/${DESCRIPTION_MAX})`} error={errors.description} wide>
          <textarea className="input" rows={3} {...a11y(id('description'), errors.description)} {...register('description')} />
        </Field>
        {!product && (
          <>
            <div className={styles.formWide}>
              <h4 className={styles.fieldLabel}>{t('eventEdit.sections.artists')}</h4>
              <ul className={styles.formRows}>
                {lineups.fields.map((row, i) => (
                  <li key={row.id} className={styles.formRow}>
                    <input className="input" aria-label={t('eventEdit.fields.artistName')} aria-invalid={errors.lineups?.[i]?.artist_name ? true : undefined} {...register(`lineups.${i}.artist_name`)} />
                    <select className="input" aria-label={t('eventEdit.fields.role')} aria-invalid={errors.lineups?.[i]?.artist_type ? true : undefined} {...register(`lineups.${i}.artist_type`)}>
                      <option value="">{t('eventEdit.fields.rolePlaceholder')}</option>
                      {ARTIST_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`eventEdit.roles.${r}`)}
                        </option>
                      ))}
                    </select>
                    <Button variant="ghost" size="sm" iconName="close" onClick={() => lineups.remove(i)} aria-label={t('eventEdit.removeArtist', { n: i + 1 })} />
                  </li>
                ))}
              </ul>
              <Button variant="secondary" size="sm" iconName="plus" onClick={() => lineups.append({ artist_name: '', artist_type: '' })}>
                {t('eventEdit.addArtist')}
              </Button>
            </div>
            <div className={styles.formWide}>
              <h4 className={styles.fieldLabel}>{t('eventEdit.sections.programme')}</h4>
              <ul className={styles.formRows}>
                {setlists.fields.map((row, i) => (
                  <li key={row.id} className={styles.formRow}>
                    <input className="input" aria-label={t('eventEdit.fields.composer')} aria-invalid={errors.setlists?.[i]?.artist_name ? true : undefined} {...register(`setlists.${i}.artist_name`)} />
                    <input className="input" aria-label={t('eventEdit.fields.track')} aria-invalid={errors.setlists?.[i]?.track ? true : undefined} {...register(`setlists.${i}.track`)} />
                    <Button variant="ghost" size="sm" iconName="close" onClick={() => setlists.remove(i)} aria-label={t('eventEdit.removeWork', { n: i + 1 })} />
                  </li>
                ))}
              </ul>
              <Button variant="secondary" size="sm" iconName="plus" onClick={() => setlists.append({ artist_name: '', track: '' })}>
                {t('eventEdit.addWork')}
              </Button>
            </div>
          </>
        )}
      </fieldset>
      {boxError && (
        <div ref={boxRef} tabIndex={-1} className="alert alert--error" role="alert" data-testid="itc-form-error">
          <div>
            {boxError.title && <strong>{boxError.title}</strong>}
            {boxError.text}
          </div>
        </div>
      )}
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={cancel}>
          {t('eventEdit.cancel')}
        </Button>
        <Button type="submit" iconName="sparkle" busy={isSubmitting} data-testid="itc-submit">
          {t('campaigns.itc.form.submit')}
        </Button>
      </div>
      <Modal open={confirmCancel} onOpenChange={setConfirmCancel} title={t('eventEdit.cancelConfirm.title')} description={t('eventEdit.cancelConfirm.body')} closeLabel={t('common.close')}>
        <div className={styles.formActions}>
          <Button variant="secondary" onClick={() => setConfirmCancel(false)}>
            {t('eventEdit.cancelConfirm.keep')}
          </Button>
          <Button variant="danger" onClick={onCancel}>
            {t('eventEdit.cancelConfirm.discard')}
          </Button>
        </div>
      </Modal>
    </form>
  );
}

type Load = { status: 'loading' } | { status: 'ready'; details: EventDetails } | { status: 'error'; message: string };

/** The form with its event loaded (GET /events/{id}/details); a failed load shows the error and a retry. */
export function ItcForm(props: { eventId: string; initial?: EventDetails; canEdit: boolean; currency: string; onDone: (run: ItcStatusResponse) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>(props.initial ? { status: 'ready', details: props.initial } : { status: 'loading' });
  useEffect(() => {
    if (props.initial && attempt === 0) return;
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    getEventDetails(props.eventId, controller.signal).then(
      (details) => setLoad({ status: 'ready', details }),
      (err: unknown) => !controller.signal.aborted && setLoad({ status: 'error', message: err instanceof Error ? err.message : String(err) }),
    );
    return () => controller.abort();
  }, [props.eventId, props.initial, attempt]);
  if (load.status === 'loading') return <Skeleton lines={6} />;
  if (load.status === 'error')
    return (
      <div className="alert alert--error" role="alert">
        <div>
          {t('campaigns.itc.states.error.text', { error: load.message })}{' '}
          <Button size="sm" variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </Button>
        </div>
      </div>
    );
  return <Form details={load.details} canEdit={props.canEdit} currency={props.currency} onDone={props.onDone} onCancel={props.onCancel} />;
}

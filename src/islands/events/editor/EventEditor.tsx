// spec 3 "Simulation" and "Event editor": one form for adding events (one or more date-and-
// location blocks, one POST per block) and for editing one event (prefilled, changed flag, cancel
// confirmation, copy from another event). The product category keeps only name, category, date.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useForm, type FieldError, type FieldErrors } from 'react-hook-form';
import { I18nIsland, useTranslation } from '../../../lib/i18n/react';
import type { IslandI18n } from '../../../lib/i18n/namespaces';
import { ARTIST_ROLES, CITY_MAX, DESCRIPTION_MAX, FORM_CATEGORIES, earliestDate, type EventDetails } from '../../../lib/contracts/event-form';
import type { EventVenues } from '../../../lib/contracts/events';
import { createEvent, updateEvent } from '../../../lib/api/eventForm';
import { getEventVenues } from '../../../lib/api/events';
import { ApiError } from '../../../lib/api/client';
import { pushToast } from '../../../stores/toasts';
import { Button } from '../../ui/Button';
import { DateField } from '../../ui/DateField';
import { Modal } from '../../ui/Modal';
import { CopyFromEventDialog } from './CopyFromEventDialog';
import {
  HALF_HOURS,
  browserTimeZone,
  editorResolver,
  emptyBlock,
  emptyValues,
  fromDetails,
  hasNumberProblems,
  mergeCopied,
  returnHref,
  toPayload,
  type EditorValues,
} from './form';
import styles from './EventEditor.module.css';

// spec 3 §9
export const SIMULATION_REDIRECT_MS = 2000;
export const EDIT_REDIRECT_MS = 1000;
export const COPIED_NOTICE_MS = 3000;

export interface EventEditorProps {
  i18n: IslandI18n;
  mode: 'create' | 'edit';
  currency: string;
  /** The viewer has lookout (the drawer is a place to return to). */
  lookout: boolean;
  event?: EventDetails;
}

function Field({ id, label, error, hint, children, className }: { id: string; label: string; error?: FieldError; hint?: string; children: ReactNode; className?: string }) {
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
const a11y = (id: string, error?: FieldError, hint = false) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

function Screen({ mode, currency, lookout, event }: Omit<EventEditorProps, 'i18n'>) {
  const { t, i18n } = useTranslation();
  const uid = useId();
  const tz = useRef(event?.tz && event.tz !== 'UTC' ? event.tz : browserTimeZone());
  const {
    register,
    control,
    handleSubmit,
    watch,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<EditorValues>({
    resolver: editorResolver(() => tz.current),
    defaultValues: event ? fromDetails(event) : emptyValues(),
  });
  const blocks = useFieldArray({ control, name: 'blocks' });
  const lineups = useFieldArray({ control, name: 'lineups' });
  const setlists = useFieldArray({ control, name: 'setlists' });

  const [changed, setChanged] = useState(false);
  const [fromWave, setFromWave] = useState(false);
  // Server failures take focus; form errors leave it on the first invalid field (react-hook-form).
  const [boxError, setBoxError] = useState<{ title?: string; text: string; focus?: boolean } | null>(null);
  const [done, setDone] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [copyOpen, setCopyOpen] = useState(false);
  const [pendingCopy, setPendingCopy] = useState<EventDetails | null>(null);
  const [copiedFrom, setCopiedFrom] = useState<string | null>(null);
  const [venues, setVenues] = useState<EventVenues | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  const category = watch('category');
  const description = watch('description') ?? '';
  const product = category === 'product';
  const backHref = event ? returnHref({ id: event.id, category: event.category, lookout }) : '/';

  useEffect(() => {
    const sub = watch((_, info) => {
      if (info.name) setChanged(true);
    });
    return () => sub.unsubscribe();
  }, [watch]);

  useEffect(() => {
    // spec 3 "Routes": navigation state from=wave (the campaigns side) changes the wording.
    const state = history.state as { from?: string } | null;
    setFromWave(state?.from === 'wave' || new URLSearchParams(location.search).get('from') === 'wave');
    const controller = new AbortController();
    getEventVenues(controller.signal).then(setVenues, () => undefined);
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (!copiedFrom) return;
    const timer = setTimeout(() => setCopiedFrom(null), COPIED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copiedFrom]);

  useEffect(() => {
    if (boxError?.focus) boxRef.current?.focus();
  }, [boxError]);

  const onInvalid = (errs: FieldErrors<EditorValues>) => {
    setBoxError({ text: t(hasNumberProblems(errs) ? 'simulation.form.errors.invalidFields' : 'common.errors.fillRequired') });
  };

  const errorText = (err: unknown) => t(err instanceof ApiError ? err.i18nKey : 'common.errors.inServerResponse');

  const submitCreate = async (v: EditorValues) => {
    setBoxError(null);
    const remaining: EditorValues['blocks'] = [];
    let created = 0;
    let failure: unknown = null;
    // spec 3 "Simulation": one call per date entry.
    for (const block of v.blocks) {
      try {
        await createEvent(toPayload(v, block, tz.current));
        created++;
      } catch (err) {
        failure = err;
        remaining.push(block);
      }
    }
    if (failure) {
      // Created dates leave the form, so sending again cannot add them twice.
      if (created) setValue('blocks', remaining);
      setBoxError({
        text: created ? `${t('simulation.partial', { done: created, total: v.blocks.length })} ${errorText(failure)}` : errorText(failure),
        focus: true,
      });
      return;
    }
    setDone(true);
    pushToast({ title: t('simulation.created', { count: created }), description: t('simulation.createdDetail'), variant: 'success' });
    setTimeout(() => location.assign('/'), SIMULATION_REDIRECT_MS);
  };

  const submitEdit = async (v: EditorValues) => {
    if (!event) return;
    setBoxError(null);
    try {
      const saved = await updateEvent(event.id, toPayload(v, v.blocks[0], tz.current));
      setDone(true);
      pushToast({ title: t('eventEdit.saved'), description: t('eventEdit.savedDetail'), variant: 'success' });
      setTimeout(() => location.assign(returnHref({ id: saved.id, category: saved.category, lookout })), EDIT_REDIRECT_MS);
    } catch (err) {
      setBoxError({ title: t('eventEdit.updateFailed'), text: errorText(err), focus: true });
    }
  };

  const cancel = () => {
    if (changed) setConfirmCancel(true);
    else location.assign(backHref);
  };

  const applyCopy = (source: EventDetails, how: 'overwrite' | 'append') => {
    const merged = mergeCopied(getValues(), source, how);
    setValue('lineups', merged.lineups, { shouldDirty: true });
    setValue('setlists', merged.setlists, { shouldDirty: true });
    setValue('description', merged.description, { shouldDirty: true });
    setChanged(true);
    setPendingCopy(null);
    setCopyOpen(false);
    setCopiedFrom(source.name);
  };

  const onPicked = (source: EventDetails) => {
    const v = getValues();
    if (v.lineups.length || v.setlists.length) {
      setCopyOpen(false);
      setPendingCopy(source);
    } else applyCopy(source, 'overwrite');
  };

  const title = mode === 'create' ? t('simulation.title') : t(fromWave ? 'eventEdit.titleWave' : 'eventEdit.title');
  const subtitle = mode === 'create' ? t('simulation.subtitle') : fromWave ? t('eventEdit.subtitleWave') : t('eventEdit.subtitle', { name: event?.name ?? '' });
  const submitLabel =
    mode === 'create'
      ? blocks.fields.length > 1
        ? t('simulation.submitMany', { count: blocks.fields.length })
        : t('simulation.submit')
      : t(fromWave ? 'eventEdit.saveWave' : 'eventEdit.save');
  const minDate = earliestDate(tz.current);
  const id = (name: string) => `${uid}-${name}`;
  const hallsOf = (venue: string) => venues?.venues.filter((v) => v.venue.toLowerCase() === venue.toLowerCase()).flatMap((v) => v.halls) ?? [];

  return (
    <div className={styles.root}>
      <div className="page-header">
        <div>
          <h1>{title}</h1>
          <p>{subtitle}</p>
        </div>
        {mode === 'edit' && !product && (
          <Button variant="secondary" iconName="download" onClick={() => setCopyOpen(true)}>
            {t('eventEdit.copy.open')}
          </Button>
        )}
      </div>

      <form className={styles.form} noValidate onSubmit={handleSubmit(mode === 'create' ? submitCreate : submitEdit, onInvalid)} aria-label={title}>
        <section className={styles.card} aria-labelledby={id('basics')}>
          <h2 id={id('basics')} className={styles.cardTitle}>
            {t('eventEdit.sections.basics')}
          </h2>
          <div className={styles.grid2}>
            <Field id={id('name')} label={t('eventEdit.fields.name')} error={errors.name}>
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
          </div>
          {product ? (
            <p className={styles.hint}>{t('eventEdit.productHint')}</p>
          ) : (
            <Field
              id={id('description')}
              label={t('eventEdit.fields.description')}
              error={errors.description}
              hint={t('eventEdit.fields.descriptionCount', { count: description.length, max: DESCRIPTION_MAX })}
            >
              <textarea className={`input ${styles.textarea}`} rows={4} {...a11y(id('description'), errors.description, true)} {...register('description')} />
            </Field>
          )}
        </section>

        <section className={styles.card} aria-labelledby={id('dates')}>
          <h2 id={id('dates')} className={styles.cardTitle}>
            {t('eventEdit.sections.dates')}
          </h2>
          {blocks.fields.map((block, i) => {
            const e = errors.blocks?.[i];
            const bid = (name: string) => id(`b${i}-${name}`);
            const venue = watch(`blocks.${i}.venue`) ?? '';
            return (
              <fieldset key={block.id} className={styles.block} data-testid="date-block">
                <legend className={styles.blockLegend}>{t('eventEdit.dateBlock', { n: i + 1 })}</legend>
                {blocks.fields.length > 1 && (
                  <Button variant="ghost" size="sm" iconName="close" className={styles.removeBlock} onClick={() => blocks.remove(i)} aria-label={t('eventEdit.removeDate', { n: i + 1 })} />
                )}
                <div className={styles.grid3}>
                  <Field id={bid('date')} label={t('eventEdit.fields.date')} error={e?.date} hint={t('eventEdit.dateHint')}>
                    <Controller
                      control={control}
                      name={`blocks.${i}.date`}
                      render={({ field }) => (
                        <DateField
                          id={bid('date')}
                          value={field.value}
                          min={minDate}
                          onChange={(iso) => field.onChange(iso ?? '')}
                          onBlur={field.onBlur}
                          onInvalid="restore"
                          invalid={Boolean(e?.date)}
                          describedBy={a11y(bid('date'), e?.date, true)['aria-describedby']}
                          language={i18n.language}
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
                      <Field id={bid('time')} label={t('eventEdit.fields.time')} error={e?.time}>
                        <select className="input" {...a11y(bid('time'), e?.time)} {...register(`blocks.${i}.time`)}>
                          <option value="">{t('eventEdit.fields.timePlaceholder')}</option>
                          {HALF_HOURS.map((h) => (
                            <option key={h} value={h}>
                              {h}
                            </option>
                          ))}
                        </select>
                      </Field>
                      <Field id={bid('city')} label={t('eventEdit.fields.city')} error={e?.city}>
                        <input className="input" maxLength={CITY_MAX + 10} list={id('cities')} autoComplete="off" {...a11y(bid('city'), e?.city)} {...register(`blocks.${i}.city`)} />
                      </Field>
                      <Field id={bid('venue')} label={t('eventEdit.fields.venue')} error={e?.venue}>
                        <input className="input" list={id('venues')} autoComplete="off" {...a11y(bid('venue'), e?.venue)} {...register(`blocks.${i}.venue`)} />
                      </Field>
                      <Field id={bid('hall')} label={t('eventEdit.fields.hall')} error={e?.hall}>
                        <input className="input" list={bid('halls')} autoComplete="off" {...a11y(bid('hall'), e?.hall)} {...register(`blocks.${i}.hall`)} />
                        <datalist id={bid('halls')}>
                          {hallsOf(venue).map((h) => (
                            <option key={h} value={h} />
                          ))}
                        </datalist>
                      </Field>
                      <Field id={bid('capacity')} label={t('eventEdit.fields.capacity')} error={e?.capacity}>
                        <input type="number" inputMode="numeric" min={0} step={1} className="input" {...a11y(bid('capacity'), e?.capacity)} {...register(`blocks.${i}.capacity`)} />
                      </Field>
                      <Field id={bid('price')} label={t('eventEdit.fields.price', { currency })} error={e?.price}>
                        <input type="number" inputMode="decimal" min={0} step="0.01" className="input" {...a11y(bid('price'), e?.price)} {...register(`blocks.${i}.price`)} />
                      </Field>
                    </>
                  )}
                </div>
              </fieldset>
            );
          })}
          <datalist id={id('cities')}>
            {venues?.cities.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <datalist id={id('venues')}>
            {[...new Set(venues?.venues.map((v) => v.venue))].map((v) => (
              <option key={v} value={v} />
            ))}
          </datalist>
          {mode === 'create' && (
            <div>
              <Button variant="secondary" size="sm" iconName="plus" onClick={() => blocks.append(emptyBlock())}>
                {t('eventEdit.addDate')}
              </Button>
            </div>
          )}
        </section>

        {!product && (
          <>
            <section className={styles.card} aria-labelledby={id('artists')}>
              <h2 id={id('artists')} className={styles.cardTitle}>
                {t('eventEdit.sections.artists')}
              </h2>
              {lineups.fields.length === 0 && <p className={styles.hint}>{t('eventEdit.noArtists')}</p>}
              <ul className={styles.rows}>
                {lineups.fields.map((row, i) => {
                  const e = errors.lineups?.[i];
                  const rid = (name: string) => id(`l${i}-${name}`);
                  return (
                    <li key={row.id} className={styles.row} data-testid="artist-row">
                      <Field id={rid('name')} label={t('eventEdit.fields.artistName')} error={e?.artist_name}>
                        <input className="input" autoComplete="off" {...a11y(rid('name'), e?.artist_name)} {...register(`lineups.${i}.artist_name`)} />
                      </Field>
                      <Field id={rid('role')} label={t('eventEdit.fields.role')} error={e?.artist_type}>
                        <select className="input" {...a11y(rid('role'), e?.artist_type)} {...register(`lineups.${i}.artist_type`)}>
                          <option value="">{t('eventEdit.fields.rolePlaceholder')}</option>
                          {ARTIST_ROLES.map((r) => (
                            <option key={r} value={r}>
                              {t(`eventEdit.roles.${r}`)}
                            </option>
                          ))}
                        </select>
                      </Field>
                      <Button variant="ghost" size="sm" iconName="close" className={styles.removeRow} onClick={() => lineups.remove(i)} aria-label={t('eventEdit.removeArtist', { n: i + 1 })} />
                    </li>
                  );
                })}
              </ul>
              <div>
                <Button variant="secondary" size="sm" iconName="plus" onClick={() => lineups.append({ artist_name: '', artist_type: '' })}>
                  {t('eventEdit.addArtist')}
                </Button>
              </div>
            </section>

            <section className={styles.card} aria-labelledby={id('programme')}>
              <h2 id={id('programme')} className={styles.cardTitle}>
                {t('eventEdit.sections.programme')}
              </h2>
              {setlists.fields.length === 0 && <p className={styles.hint}>{t('eventEdit.noWorks')}</p>}
              <ul className={styles.rows}>
                {setlists.fields.map((row, i) => {
                  const e = errors.setlists?.[i];
                  const rid = (name: string) => id(`s${i}-${name}`);
                  return (
                    <li key={row.id} className={styles.row} data-testid="work-row">
                      <Field id={rid('composer')} label={t('eventEdit.fields.composer')} error={e?.artist_name}>
                        <input className="input" autoComplete="off" {...a11y(rid('composer'), e?.artist_name)} {...register(`setlists.${i}.artist_name`)} />
                      </Field>
                      <Field id={rid('track')} label={t('eventEdit.fields.track')} error={e?.track}>
                        <input className="input" autoComplete="off" {...a11y(rid('track'), e?.track)} {...register(`setlists.${i}.track`)} />
                      </Field>
                      <Button variant="ghost" size="sm" iconName="close" className={styles.removeRow} onClick={() => setlists.remove(i)} aria-label={t('eventEdit.removeWork', { n: i + 1 })} />
                    </li>
                  );
                })}
              </ul>
              <div>
                <Button variant="secondary" size="sm" iconName="plus" onClick={() => setlists.append({ artist_name: '', track: '' })}>
                  {t('eventEdit.addWork')}
                </Button>
              </div>
            </section>
          </>
        )}

        <div role="status" className={styles.notice}>
          {copiedFrom && t('eventEdit.copy.copied', { name: copiedFrom })}
        </div>
        {boxError && (
          <div ref={boxRef} tabIndex={-1} className="alert alert--error" role="alert" data-testid="form-error">
            <div>
              {boxError.title && <strong>{boxError.title}</strong>}
              {boxError.text}
            </div>
          </div>
        )}

        <div className={styles.actions}>
          <Button variant="secondary" onClick={cancel} disabled={done}>
            {t('eventEdit.cancel')}
          </Button>
          <Button type="submit" busy={isSubmitting} disabled={done}>
            {submitLabel}
          </Button>
        </div>
      </form>

      {mode === 'edit' && (
        <CopyFromEventDialog open={copyOpen} onOpenChange={setCopyOpen} excludeId={event?.id} onPick={onPicked} />
      )}

      <Modal open={pendingCopy !== null} onOpenChange={(open) => !open && setPendingCopy(null)} title={t('eventEdit.copy.confirmTitle')} description={t('eventEdit.copy.confirmBody', { name: pendingCopy?.name ?? '' })} closeLabel={t('common.close')}>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => pendingCopy && applyCopy(pendingCopy, 'append')}>
            {t('eventEdit.copy.append')}
          </Button>
          <Button onClick={() => pendingCopy && applyCopy(pendingCopy, 'overwrite')}>{t('eventEdit.copy.overwrite')}</Button>
        </div>
      </Modal>

      <Modal open={confirmCancel} onOpenChange={setConfirmCancel} title={t('eventEdit.cancelConfirm.title')} description={t('eventEdit.cancelConfirm.body')} closeLabel={t('common.close')}>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setConfirmCancel(false)}>
            {t('eventEdit.cancelConfirm.keep')}
          </Button>
          <Button variant="danger" onClick={() => location.assign(backHref)}>
            {t('eventEdit.cancelConfirm.discard')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}

export default function EventEditor({ i18n, ...props }: EventEditorProps) {
  return (
    <I18nIsland i18n={i18n}>
      <Screen {...props} />
    </I18nIsland>
  );
}

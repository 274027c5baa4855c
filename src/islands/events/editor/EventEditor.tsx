// spec 3 "Simulation" and "Event editor": one form for adding events (one or more date-and-
// location blocks, one POST per block) and for editing one event (prefilled, changed flag, cancel
// confirmation, copy from another event). The product category keeps only name, category, date.
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import { I18nIsland, useTranslation } from '../../../lib/i18n/react';
import type { IslandI18n } from '../../../lib/i18n/namespaces';
import { CITY_MAX, DESCRIPTION_MAX, EventForm, SimulationForm, earliestDate, type EventDetails } from '../../../lib/contracts/event-form';
import type { EventVenues } from '../../../lib/contracts/events';
import { createEvent, updateEvent } from '../../../lib/api/eventForm';
import { getEventVenues } from '../../../lib/api/events';
import { ApiError } from '../../../lib/api/client';
import { pushToast } from '../../../stores/toasts';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { CopyFromEventDialog } from './CopyFromEventDialog';
import { CapacityField, CategoryField, EventDateField, Field, LineupRows, NameField, PlaceField, PriceField, SetlistRows, TimeField, a11yProps } from './fields';
import { browserTimeZone, editorResolver, emptyBlock, emptyValues, fromDetails, hasNumberProblems, mergeCopied, returnHref, toPayload, type EditorValues } from './form';
import styles from './EventEditor.module.css';
import fieldStyles from './fields.module.css';

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

const rowClasses = { list: styles.rows, row: styles.row, remove: styles.removeRow };

function Screen({ mode, currency, lookout, event }: Omit<EventEditorProps, 'i18n'>) {
  const { t, i18n } = useTranslation();
  const uid = useId();
  const tz = useRef(event?.tz && event.tz !== 'UTC' ? event.tz : browserTimeZone());
  const form = useForm<EditorValues>({
    // spec 3 §5: a new (simulated) event needs its price, an edited one does not.
    resolver: editorResolver(() => tz.current, mode === 'create' ? SimulationForm : EventForm),
    defaultValues: event ? fromDetails(event) : emptyValues(),
  });
  const {
    register,
    control,
    handleSubmit,
    watch,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const blocks = useFieldArray({ control, name: 'blocks' });

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
  // Where Cancel and a save lead: decided at that moment, by the screen's width then.
  const backHref = () => (event ? returnHref({ id: event.id, category: event.category, lookout, width: window.innerWidth }) : '/');

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
      setTimeout(() => location.assign(returnHref({ id: saved.id, category: saved.category, lookout, width: window.innerWidth })), EDIT_REDIRECT_MS);
    } catch (err) {
      setBoxError({ title: t('eventEdit.updateFailed'), text: errorText(err), focus: true });
    }
  };

  const cancel = () => {
    if (changed) setConfirmCancel(true);
    else location.assign(backHref());
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

      <FormProvider {...form}>
        <form className={styles.form} noValidate onSubmit={handleSubmit(mode === 'create' ? submitCreate : submitEdit, onInvalid)} aria-label={title}>
          <section className={styles.card} aria-labelledby={id('basics')}>
            <h2 id={id('basics')} className={styles.cardTitle}>
              {t('eventEdit.sections.basics')}
            </h2>
            <div className={styles.grid2}>
              <NameField id={id('name')} />
              <CategoryField id={id('category')} />
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
                <textarea className={`input ${fieldStyles.textarea}`} rows={4} {...a11yProps(id('description'), errors.description, true)} {...register('description')} />
              </Field>
            )}
          </section>

          <section className={styles.card} aria-labelledby={id('dates')}>
            <h2 id={id('dates')} className={styles.cardTitle}>
              {t('eventEdit.sections.dates')}
            </h2>
            {blocks.fields.map((block, i) => {
              const bid = (name: string) => id(`b${i}-${name}`);
              const venue = watch(`blocks.${i}.venue`) ?? '';
              return (
                <fieldset key={block.id} className={styles.block} data-testid="date-block">
                  <legend className={styles.blockLegend}>{t('eventEdit.dateBlock', { n: i + 1 })}</legend>
                  {blocks.fields.length > 1 && (
                    <Button variant="ghost" size="sm" iconName="close" className={styles.removeBlock} onClick={() => blocks.remove(i)} aria-label={t('eventEdit.removeDate', { n: i + 1 })} />
                  )}
                  <div className={styles.grid3}>
                    <EventDateField index={i} id={bid('date')} hint={t('eventEdit.dateHint')} min={minDate} />
                    {!product && (
                      <>
                        <TimeField index={i} id={bid('time')} />
                        <PlaceField index={i} name="city" id={bid('city')} maxLength={CITY_MAX + 10} list={id('cities')} />
                        <PlaceField index={i} name="venue" id={bid('venue')} list={id('venues')} />
                        <PlaceField index={i} name="hall" id={bid('hall')} list={bid('halls')}>
                          <datalist id={bid('halls')}>
                            {hallsOf(venue).map((h) => (
                              <option key={h} value={h} />
                            ))}
                          </datalist>
                        </PlaceField>
                        <CapacityField index={i} id={bid('capacity')} />
                        <PriceField index={i} id={bid('price')} currency={currency} />
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
                <LineupRows labels={{ id }} classes={rowClasses} empty={t('eventEdit.noArtists')} />
              </section>

              <section className={styles.card} aria-labelledby={id('programme')}>
                <h2 id={id('programme')} className={styles.cardTitle}>
                  {t('eventEdit.sections.programme')}
                </h2>
                <SetlistRows labels={{ id }} classes={rowClasses} empty={t('eventEdit.noWorks')} />
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
      </FormProvider>

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
          <Button variant="danger" onClick={() => location.assign(backHref())}>
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

// spec 2 §4 "ITC regeneration" form, in the modal (wide screens) and on /campaigns/{id}/itc: the
// event's fields as the regeneration uses them (the event editor's form rules), saved with the
// pipeline skipped only when changed, then the run is started; toasts and errors per spec 2 §8.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/react';
import { DESCRIPTION_MAX, type EventDetails } from '../../../lib/contracts/event-form';
import type { ItcStatusResponse } from '../../../lib/contracts/taste-clusters';
import { getEventDetails, updateEvent } from '../../../lib/api/eventForm';
import { startItcRun } from '../../../lib/api/tasteClusters';
import { ApiError } from '../../../lib/api/client';
import { pushToast } from '../../../stores/toasts';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { Skeleton } from '../../events/detail/Section';
import { CapacityField, CategoryField, EventDateField, Field, LineupRows, NameField, PlaceField, PriceField, SetlistRows, TimeField, a11yProps } from '../../events/editor/fields';
import { browserTimeZone, editorResolver, fromDetails, hasNumberProblems, toPayload, type EditorValues } from '../../events/editor/form';
import { submitItc } from './itcForm';
import styles from '../Campaigns.module.css';
import fieldStyles from '../../events/editor/fields.module.css';

const rowClasses = { list: styles.formRows, row: styles.formRow };

/** `first`: the event has no run yet — the form generates, it does not regenerate. */
function Form({ details, canEdit, currency, first, onDone, onCancel }: { details: EventDetails; canEdit: boolean; currency: string; first: boolean; onDone: (run: ItcStatusResponse) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const uid = useId();
  const id = (n: string) => `${uid}-${n}`;
  const tz = useRef(details.tz && details.tz !== 'UTC' ? details.tz : browserTimeZone());
  const initial = useMemo(() => fromDetails(details), [details]);
  const form = useForm<EditorValues>({
    resolver: editorResolver(() => tz.current),
    defaultValues: initial,
    // The effect below focuses the first invalid control itself (also the date picker and the rows).
    shouldFocusError: false,
  });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const [changed, setChanged] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  // inline: a validation summary (shown at the top, the invalid field takes focus); otherwise a server failure.
  const [boxError, setBoxError] = useState<{ title?: string; text: string; inline?: boolean } | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const product = watch('category') === 'product';
  const description = watch('description') ?? '';

  useEffect(() => {
    const sub = watch((_, info) => info.name && setChanged(true));
    return () => sub.unsubscribe();
  }, [watch]);
  useEffect(() => {
    if (boxError && !boxError.inline) boxRef.current?.focus();
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
    pushToast({ title: t(first ? 'campaigns.itc.form.startedFirst' : 'campaigns.itc.form.started'), description: t(result.saved ? 'campaigns.itc.form.startedSaved' : 'campaigns.itc.form.startedDetail'), variant: 'success' });
    onDone(result.run);
  };
  // spec 2 §8's summary text goes to the top; the field that caused it (its own message under it)
  // is brought into view and focused, not a box at the end of a long modal.
  const [invalidAttempt, setInvalidAttempt] = useState(0);
  const onInvalid = (errs: FieldErrors<EditorValues>) => {
    setBoxError({ text: t(hasNumberProblems(errs) ? 'simulation.form.errors.invalidFields' : 'common.errors.fillRequired'), inline: true });
    setInvalidAttempt((n) => n + 1);
  };
  // Once the submit has ended: the fieldset is disabled while it runs, and a disabled control takes no focus.
  const focusedAttempt = useRef(0);
  useEffect(() => {
    if (!invalidAttempt || isSubmitting || focusedAttempt.current === invalidAttempt) return;
    focusedAttempt.current = invalidAttempt;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  }, [invalidAttempt, isSubmitting]);
  const cancel = () => (changed ? setConfirmCancel(true) : onCancel());

  return (
    <FormProvider {...form}>
      <form ref={formRef} className={styles.itcForm} noValidate onSubmit={handleSubmit(submit, onInvalid)} aria-label={t(first ? 'campaigns.itc.form.titleFirst' : 'campaigns.itc.form.title')} data-testid="itc-form">
        <p className={styles.hint}>{t(canEdit ? 'campaigns.itc.form.intro' : 'campaigns.itc.form.readOnly')}</p>
        {boxError?.inline && (
          <p className="alert alert--error" role="alert" data-testid="itc-form-error">
            {boxError.text}
          </p>
        )}
        <fieldset className={styles.formGrid} disabled={!canEdit || isSubmitting}>
          <NameField id={id('name')} className={styles.formWide} />
          <CategoryField id={id('category')} />
          <EventDateField index={0} id={id('date')} disabled={!canEdit} />
          {!product && (
            <>
              <TimeField index={0} id={id('time')} />
              <PlaceField index={0} name="city" id={id('city')} />
              <PlaceField index={0} name="venue" id={id('venue')} />
              <PlaceField index={0} name="hall" id={id('hall')} />
              <CapacityField index={0} id={id('capacity')} />
              <PriceField index={0} id={id('price')} currency={currency} />
            </>
          )}
          <Field id={id('description')} label={`${t('eventEdit.fields.description')} (${description.length}/${DESCRIPTION_MAX})`} error={errors.description} className={styles.formWide}>
            <textarea className={`input ${fieldStyles.textarea}`} rows={3} {...a11yProps(id('description'), errors.description)} {...register('description')} />
          </Field>
          {!product && (
            <>
              <div className={styles.formWide}>
                <h4 className={styles.fieldLabel}>{t('eventEdit.sections.artists')}</h4>
                <LineupRows labels="aria" classes={rowClasses} />
              </div>
              <div className={styles.formWide}>
                <h4 className={styles.fieldLabel}>{t('eventEdit.sections.programme')}</h4>
                <SetlistRows labels="aria" classes={rowClasses} />
              </div>
            </>
          )}
        </fieldset>
        {boxError && !boxError.inline && (
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
            {t(first ? 'campaigns.itc.form.submitFirst' : 'campaigns.itc.form.submit')}
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
    </FormProvider>
  );
}

type Load = { status: 'loading' } | { status: 'ready'; details: EventDetails } | { status: 'error'; message: string };

/** The form with its event loaded (GET /events/{id}/details); a failed load shows the error and a retry. */
export function ItcForm(props: { eventId: string; initial?: EventDetails; canEdit: boolean; currency: string; first?: boolean; onDone: (run: ItcStatusResponse) => void; onCancel: () => void }) {
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
  return <Form details={load.details} canEdit={props.canEdit} currency={props.currency} first={props.first ?? false} onDone={props.onDone} onCancel={props.onCancel} />;
}

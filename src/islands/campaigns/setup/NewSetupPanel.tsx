// spec 2 §2 New-setup panel: goal, budget slider, runtime dates with their warnings, the accordion
// of suggested taste clusters (real clusters of the event's latest ITC run), and Start setup. The
// setup wizard is the next issue: Start leads to an honest "next step" notice, nothing is saved.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CampaignGoal, SuggestedTc } from '../../../lib/contracts/taste-clusters';
import { getSuggestedTcs } from '../../../lib/api/tasteClusters';
import { ApiError } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n/react';
import { Button } from '../../ui/Button';
import { DateField } from '../../ui/DateField';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/Icon';
import { formatMoney, todayIso } from '../../events/detail/format';
import { Skeleton } from '../../events/detail/Section';
import {
  BUDGET,
  BUDGET_DEFAULT,
  BUDGET_SNAP_MS,
  DEFAULT_GOAL,
  GOALS,
  budgetDigits,
  budgetTicks,
  defaultRuntime,
  runtimeCheck,
  runtimeDays,
  snapBudget,
  startBlock,
} from './setupRules';
import { TasteClusterAccordion, tcKey } from './TasteClusterAccordion';
import styles from '../Campaigns.module.css';

type Suggestions = { status: 'loading' } | { status: 'ready'; items: SuggestedTc[] } | { status: 'error' };

/** Asks for the clusters a little after the last budget or goal change (the slider moves in steps). */
const SUGGEST_DEBOUNCE_MS = 300;

export function NewSetupPanel({
  eventId,
  eventDay,
  category,
  currency,
  canSetup,
  itcReady,
  clustersVersion,
  onRegenerate,
}: {
  eventId: string;
  eventDay: string;
  category: string;
  currency: string;
  /** The wave permission (spec 2 §6: setup needs it). */
  canSetup: boolean;
  /** The ITC box shows a successful run (spec 2 §4 Setup start). */
  itcReady: boolean;
  /** Changes when a new run succeeded: the suggestions are asked for again. */
  clustersVersion: number;
  onRegenerate: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const uid = useId();
  const today = todayIso();
  const [goal, setGoal] = useState<CampaignGoal>(DEFAULT_GOAL);
  const [budgetText, setBudgetText] = useState(String(BUDGET_DEFAULT));
  const [budget, setBudget] = useState(BUDGET_DEFAULT);
  const initial = useMemo(() => defaultRuntime(eventDay, today), [eventDay, today]);
  const [start, setStart] = useState<string | null>(initial.start);
  const [end, setEnd] = useState<string | null>(initial.end);
  const [suggestions, setSuggestions] = useState<Suggestions>({ status: 'loading' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [nextStep, setNextStep] = useState(false);
  const snapTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const typed = Number(budgetText || '0');
  const budgetPending = typed !== budget;

  // spec 2 §5: below the minimum (or above the maximum) the value snaps after 1.5 s.
  const onBudgetText = (raw: string) => {
    const digits = budgetDigits(raw);
    setBudgetText(digits);
    if (snapTimer.current) clearTimeout(snapTimer.current);
    const value = Number(digits || '0');
    if (value >= BUDGET.min && value <= BUDGET.max) {
      setBudget(value);
      return;
    }
    snapTimer.current = setTimeout(() => {
      const snapped = snapBudget(value);
      setBudgetText(String(snapped));
      setBudget(snapped);
    }, BUDGET_SNAP_MS);
  };
  useEffect(() => () => void (snapTimer.current && clearTimeout(snapTimer.current)), []);

  useEffect(() => {
    if (!itcReady) return;
    const controller = new AbortController();
    setSuggestions((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    const timer = setTimeout(() => {
      getSuggestedTcs(eventId, budget, goal, controller.signal).then(
        (items) => {
          setSuggestions({ status: 'ready', items });
          // Every suggested cluster starts chosen; the user narrows it down.
          setSelected(new Set(items.map(tcKey)));
        },
        (err: unknown) => {
          if (controller.signal.aborted || (err instanceof ApiError && err.cancelled)) return;
          setSuggestions({ status: 'error' });
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [eventId, budget, goal, itcReady, clustersVersion]);

  const runtime = runtimeCheck(start, end, eventDay, today, { product: category === 'product' });
  const items = suggestions.status === 'ready' ? suggestions.items : [];
  const chosen = items.filter((i) => selected.has(tcKey(i)));
  const block = startBlock({
    selected: chosen.length,
    wave: canSetup,
    itcReady,
    runtimeOk: runtime.error === null,
    budgetPending,
    loading: itcReady && suggestions.status === 'loading',
  });
  const id = (name: string) => `${uid}-${name}`;
  const dateTexts = (field: string) => ({
    invalidDate: t('campaigns.setup.runtime.invalidDate'),
    openCalendar: t('campaigns.setup.runtime.openCalendar', { field }),
    format: t('campaigns.setup.runtime.format'),
    loading: t('common.loading'),
  });
  const ticks = budgetTicks();

  return (
    <section className={styles.setupPanel} aria-labelledby={id('title')} data-testid="new-setup">
      <h3 id={id('title')} className={styles.sectionTitle}>
        {t('campaigns.setup.title')}
      </h3>

      <fieldset className={styles.goals}>
        <legend className={styles.fieldLabel}>{t('campaigns.setup.goal.label')}</legend>
        {GOALS.map((g) => (
          <label key={g} className={styles.goal} data-checked={goal === g || undefined}>
            <input type="radio" name={id('goal')} value={g} checked={goal === g} onChange={() => setGoal(g)} />
            <span className={styles.goalName}>{t(`campaigns.setup.goal.${g}.name`)}</span>
            <span className={styles.goalHint}>{t(`campaigns.setup.goal.${g}.hint`)}</span>
          </label>
        ))}
      </fieldset>

      <div className={styles.budget}>
        <label htmlFor={id('budget')} className={styles.fieldLabel}>
          {t('campaigns.setup.budget.label', { currency })}
        </label>
        <div className={styles.budgetRow}>
          <input
            type="range"
            className={styles.slider}
            min={BUDGET.min}
            max={BUDGET.max}
            step={50}
            value={snapBudget(typed)}
            list={id('ticks')}
            aria-label={t('campaigns.setup.budget.slider')}
            aria-valuetext={formatMoney(snapBudget(typed), currency, lng)}
            onChange={(e) => onBudgetText(e.currentTarget.value)}
          />
          <input
            id={id('budget')}
            className={`input ${styles.budgetInput}`}
            inputMode="numeric"
            autoComplete="off"
            value={budgetText}
            aria-describedby={id('budget-hint')}
            onChange={(e) => onBudgetText(e.currentTarget.value)}
          />
        </div>
        <datalist id={id('ticks')}>
          {ticks.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
        <div className={styles.ticks} aria-hidden="true">
          {ticks.map((v) => (
            <span key={v}>{formatMoney(v, currency, lng)}</span>
          ))}
        </div>
        <p id={id('budget-hint')} className={styles.hint} data-pulse={typed < BUDGET.recommendedMin || undefined} role={typed < BUDGET.min || typed > BUDGET.max ? 'status' : undefined}>
          {typed < BUDGET.min || typed > BUDGET.max
            ? t('campaigns.setup.budget.range', { min: formatMoney(BUDGET.min, currency, lng), max: formatMoney(BUDGET.max, currency, lng) })
            : t('campaigns.setup.budget.hint', { min: formatMoney(BUDGET.recommendedMin, currency, lng) })}
        </p>
      </div>

      <div className={styles.runtime}>
        <div className="field">
          <label htmlFor={id('start')}>{t('campaigns.setup.runtime.start')}</label>
          <DateField id={id('start')} value={start} min={today} onChange={setStart} onInvalid="restore" language={lng} texts={dateTexts(t('campaigns.setup.runtime.start'))} />
        </div>
        <div className="field">
          <label htmlFor={id('end')}>{t('campaigns.setup.runtime.end')}</label>
          <DateField id={id('end')} value={end} min={start ?? today} onChange={setEnd} onInvalid="restore" language={lng} texts={dateTexts(t('campaigns.setup.runtime.end'))} />
        </div>
      </div>
      {runtime.error && (
        <p className="alert alert--error" role="alert" data-testid="runtime-error">
          {t(`campaigns.setup.runtime.errors.${runtime.error}`)}
        </p>
      )}
      {runtime.warnings.map((w) => (
        <p key={w} className={`alert alert--warning ${styles.warning}`} data-testid={`warning-${w}`}>
          <Icon name="alert" size={16} />
          {t(`campaigns.setup.runtime.warnings.${w}`, { days: start && end ? runtimeDays(start, end) : 0 })}
        </p>
      ))}

      <div className={styles.clusters}>
        <h4 className={styles.fieldLabel}>{t('campaigns.setup.clusters.title')}</h4>
        {!itcReady ? (
          <p className={styles.hint}>{t('campaigns.setup.clusters.waitItc')}</p>
        ) : suggestions.status === 'loading' ? (
          <Skeleton lines={3} />
        ) : suggestions.status === 'error' ? (
          <p className="alert alert--error" role="alert">
            {t('campaigns.setup.clusters.error')}
          </p>
        ) : items.length === 0 ? (
          <EmptyState compact icon="sparkle" message={t('campaigns.setup.clusters.none')} />
        ) : (
          <>
            <p className={styles.hint}>{t('campaigns.setup.clusters.hint', { count: items.length, selected: chosen.length })}</p>
            <TasteClusterAccordion
              items={items}
              selected={selected}
              currency={currency}
              onToggle={(key, on) =>
                setSelected((s) => {
                  const next = new Set(s);
                  if (on) next.add(key);
                  else next.delete(key);
                  return next;
                })
              }
              onOnly={(key) => setSelected(new Set([key]))}
              onRegenerate={onRegenerate}
            />
          </>
        )}
      </div>

      <div className={styles.setupActions}>
        {block && block !== 'loading' && <p className={styles.hint}>{t(`campaigns.setup.blocked.${block}`)}</p>}
        <Button iconName="chevronRight" disabled={block !== null} onClick={() => setNextStep(true)} data-testid="start-setup">
          {t('campaigns.setup.start')}
        </Button>
      </div>
      {nextStep && block === null && (
        <div className={`alert ${styles.info}`} role="status" data-testid="setup-next-step">
          <div>
            <strong>{t('campaigns.setup.nextStep.title')}</strong>
            {t('campaigns.setup.nextStep.text', {
              goal: t(`campaigns.setup.goal.${goal}.name`),
              budget: formatMoney(budget, currency, lng),
              count: chosen.length,
            })}
          </div>
        </div>
      )}
    </section>
  );
}

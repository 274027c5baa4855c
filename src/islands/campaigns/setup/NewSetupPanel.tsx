// spec 2 §2 New-setup panel (step 1 of the setup wizard): goal, budget slider with the bounds of
// GET budget_min_max for the runtime (spec 2 §9 constants until it answers), runtime dates with
// their warnings, the accordion of suggested taste clusters (real clusters of the event's latest
// ITC run), and Start setup — or Continue setup when a live setup exists (its choices preset).
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CampaignGoal, SuggestedTc } from '../../../lib/contracts/taste-clusters';
import { getSuggestedTcs } from '../../../lib/api/tasteClusters';
import { getBudgetMinMax } from '../../../lib/api/budget';
import { ApiError } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n/react';
import { Button } from '../../ui/Button';
import { DateField } from '../../ui/DateField';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/Icon';
import { formatMoney, todayIso } from '../../events/detail/format';
import { Skeleton } from '../../events/detail/Section';
import {
  BUDGET_DEFAULT,
  BUDGET_BOUNDS_DEBOUNCE_MS,
  boundsOf,
  type BudgetBounds,
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
import { stepFocusProps } from '../wizard/stepFocus';
import styles from '../Campaigns.module.css';

type Suggestions = { status: 'loading' } | { status: 'ready'; items: SuggestedTc[] } | { status: 'error' };

/** Asks for the clusters a little after the last budget or goal change (the slider moves in steps). */
const SUGGEST_DEBOUNCE_MS = 300;

/** What Start (or Continue) setup hands to the wizard. */
export interface SetupChoice {
  goal: CampaignGoal;
  budget: number;
  start: string;
  end: string;
  clusters: SuggestedTc[];
}

/** The live setup's choices, when the panel continues one. */
export interface ExistingChoice {
  goal: CampaignGoal;
  budget: number;
  start: string;
  end: string;
  /** tcKey of each chosen cluster. */
  keys: string[];
}

export function NewSetupPanel({
  eventId,
  eventDay,
  category,
  currency,
  canSetup,
  itcReady,
  clustersVersion,
  onRegenerate,
  existing = null,
  onStart,
  onCancelSetup,
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
  existing?: ExistingChoice | null;
  /** Saves (POST, or PUT of what changed) and opens the next step; a rejection is shown here. */
  onStart?: (choice: SetupChoice) => Promise<void>;
  onCancelSetup?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const uid = useId();
  const today = todayIso();
  const [goal, setGoal] = useState<CampaignGoal>(existing?.goal ?? DEFAULT_GOAL);
  const [budgetText, setBudgetText] = useState(String(existing?.budget ?? BUDGET_DEFAULT));
  const [budget, setBudget] = useState(existing?.budget ?? BUDGET_DEFAULT);
  const initial = useMemo(() => (existing ? { start: existing.start, end: existing.end } : defaultRuntime(eventDay, today)), [eventDay, today, existing]);
  const [start, setStart] = useState<string | null>(initial.start);
  const [end, setEnd] = useState<string | null>(initial.end);
  const [suggestions, setSuggestions] = useState<Suggestions>({ status: 'loading' });
  const [selected, setSelected] = useState<Set<string>>(new Set(existing?.keys ?? []));
  // A continued setup keeps its clusters when the suggestions first arrive.
  const keepSelection = useRef(!!existing);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [nextStep, setNextStep] = useState(false);
  const [bounds, setBounds] = useState<BudgetBounds>(boundsOf(null));
  const [boundsLoading, setBoundsLoading] = useState(true);
  const snapTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const days = start && end && start <= end ? runtimeDays(start, end) : null;

  // spec 2 §7 budget_min_max for the runtime, asked again (debounced) when the dates change.
  useEffect(() => {
    if (days === null) return;
    const controller = new AbortController();
    setBoundsLoading(true);
    const timer = setTimeout(() => {
      getBudgetMinMax(eventId, days, controller.signal).then(
        (b) => {
          setBounds(boundsOf(b.content));
          setBoundsLoading(false);
        },
        () => {
          if (controller.signal.aborted) return;
          // Not served (or failed): the spec's constants keep the slider usable.
          setBounds(boundsOf(null));
          setBoundsLoading(false);
        },
      );
    }, BUDGET_BOUNDS_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [eventId, days]);

  const typed = Number(budgetText || '0');
  const budgetPending = typed !== budget;

  // spec 2 §5: below the minimum (or above the maximum) the value snaps after 1.5 s.
  const onBudgetText = (raw: string) => {
    const digits = budgetDigits(raw);
    setBudgetText(digits);
    if (snapTimer.current) clearTimeout(snapTimer.current);
    const value = Number(digits || '0');
    if (value >= bounds.min && value <= bounds.max) {
      setBudget(value);
      return;
    }
    snapTimer.current = setTimeout(() => {
      const snapped = snapBudget(value, bounds.min, bounds.max);
      setBudgetText(String(snapped));
      setBudget(snapped);
    }, BUDGET_SNAP_MS);
  };
  useEffect(() => () => void (snapTimer.current && clearTimeout(snapTimer.current)), []);
  // New bounds (another runtime) snap a budget now outside them, after the same pause.
  useEffect(() => {
    if (budget < bounds.min || budget > bounds.max) onBudgetText(String(budget));
  }, [bounds]);

  useEffect(() => {
    if (!itcReady) return;
    const controller = new AbortController();
    setSuggestions((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    const timer = setTimeout(() => {
      getSuggestedTcs(eventId, budget, goal, controller.signal).then(
        (items) => {
          setSuggestions({ status: 'ready', items });
          if (keepSelection.current) keepSelection.current = false;
          // Every suggested cluster starts chosen; the user narrows it down.
          else setSelected(new Set(items.map(tcKey)));
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
    loading: (itcReady && suggestions.status === 'loading') || starting,
  });
  const id = (name: string) => `${uid}-${name}`;
  const dateTexts = (field: string) => ({
    invalidDate: t('campaigns.setup.runtime.invalidDate'),
    openCalendar: t('campaigns.setup.runtime.openCalendar', { field }),
    format: t('campaigns.setup.runtime.format'),
    loading: t('common.loading'),
  });
  const ticks = budgetTicks(bounds.min, bounds.max);
  const outside = typed < bounds.min || typed > bounds.max;

  const start_ = async () => {
    if (block !== null || !start || !end) return;
    if (!onStart) return setNextStep(true);
    setStarting(true);
    setStartError(null);
    try {
      await onStart({ goal, budget, start, end, clusters: chosen });
    } catch (err) {
      setStartError(t(err instanceof ApiError && err.code.startsWith('error.') ? err.i18nKey : 'common.genericError'));
    } finally {
      setStarting(false);
    }
  };

  return (
    <section className={styles.setupPanel} aria-labelledby={id('title')} data-testid="new-setup">
      <h3 id={id('title')} className={styles.sectionTitle} {...stepFocusProps}>
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
            min={bounds.min}
            max={bounds.max}
            step={50}
            value={snapBudget(typed, bounds.min, bounds.max)}
            list={id('ticks')}
            aria-label={t('campaigns.setup.budget.slider')}
            aria-valuetext={formatMoney(snapBudget(typed, bounds.min, bounds.max), currency, lng)}
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
        <p
          id={id('budget-hint')}
          className={styles.hint}
          data-pulse={(!outside && typed < bounds.recommendedMin) || undefined}
          role={outside ? 'status' : undefined}
          data-testid="budget-hint"
          aria-busy={boundsLoading || undefined}
        >
          {outside
            ? t('campaigns.setup.budget.range', { min: formatMoney(bounds.min, currency, lng), max: formatMoney(bounds.max, currency, lng) })
            : typed < bounds.recommendedMin
              ? t('campaigns.setup.budget.belowRecommended', { min: formatMoney(bounds.recommendedMin, currency, lng) })
              : t('campaigns.setup.budget.hint', { min: formatMoney(bounds.recommendedMin, currency, lng) })}
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

      {startError && (
        <p className="alert alert--error" role="alert" data-testid="start-error">
          {startError}
        </p>
      )}
      <div className={styles.setupActions}>
        {block && block !== 'loading' && <p className={styles.hint}>{t(`campaigns.setup.blocked.${block}`)}</p>}
        {onCancelSetup && (
          <Button variant="ghost" onClick={onCancelSetup} data-testid="wizard-cancel">
            {t('campaigns.wizard.actions.cancel')}
          </Button>
        )}
        <Button iconName="chevronRight" disabled={block !== null} busy={starting} onClick={() => void start_()} data-testid="start-setup">
          {t(existing ? 'campaigns.setup.continue' : 'campaigns.setup.start')}
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

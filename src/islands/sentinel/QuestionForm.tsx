// spec 3 §2/§5: the question (at most 5000 characters, a counter in colour bands), the outcome
// choice, Ask (needs both) and Stop while a question runs (disabled once it is overdue).
import { useId, type FormEvent, type Ref } from 'react';
import type { ResultType } from '../../lib/contracts/nlq';
import { PAGE } from './model/constants';
import { useTranslation } from '../../lib/i18n/react';
import { Button } from '../ui/Button';
import { canAsk, counterBand } from './model/counter';
import styles from './QuestionForm.module.css';

// The order of spec 3 §2 "outcome choice".
const OUTCOME_ORDER: readonly ResultType[] = ['customers', 'events', 'transactions'];

export interface QuestionFormProps {
  text: string;
  outcome: ResultType | null;
  running: boolean;
  overdue: boolean;
  onText: (text: string) => void;
  onOutcome: (outcome: ResultType) => void;
  onAsk: () => void;
  onStop: () => void;
  /** The question box, for the page to move focus into it ("Ask this instead"). */
  textareaRef?: Ref<HTMLTextAreaElement>;
}

export function QuestionForm({ text, outcome, running, overdue, onText, onOutcome, onAsk, onStop, textareaRef }: QuestionFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const band = counterBand(text.length);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!running && canAsk(text, outcome)) onAsk();
  };
  return (
    <form className={styles.form} onSubmit={submit} data-testid="sentinel-question">
      <label htmlFor={`${id}-q`} className={styles.label}>
        {t('sentinel.question.label')}
      </label>
      <textarea
        ref={textareaRef}
        id={`${id}-q`}
        className={styles.textarea}
        value={text}
        maxLength={PAGE.questionMax}
        rows={3}
        placeholder={t('sentinel.question.placeholder')}
        aria-describedby={`${id}-count`}
        onChange={(e) => onText(e.target.value)}
        onKeyDown={(e) => {
          // Enter asks, Shift+Enter starts a new line (a question is usually one sentence).
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
        }}
      />
      <div className={styles.row}>
        <fieldset className={styles.outcomes}>
          <legend className={styles.legend}>{t('sentinel.question.outcome')}</legend>
          {OUTCOME_ORDER.map((type) => (
            <label key={type} className={outcome === type ? `${styles.outcome} ${styles.outcomeOn}` : styles.outcome}>
              <input type="radio" name={`${id}-outcome`} value={type} checked={outcome === type} onChange={() => onOutcome(type)} />
              {t(`sentinel.question.outcomes.${type}`)}
            </label>
          ))}
        </fieldset>
        <div className={styles.end}>
          <span id={`${id}-count`} className={`${styles.counter} ${styles[band]}`} data-band={band} data-testid="sentinel-counter">
            {t('sentinel.question.counter', {
              count: text.length,
              max: PAGE.questionMax,
            })}
          </span>
          {/* Distinct keys: reusing one <button> would flip its type from button to submit during
              Stop's click, and the browser would then submit the form (asking again). */}
          {running ? (
            <Button key="stop" variant="secondary" onClick={onStop} disabled={overdue} iconName="close" data-testid="sentinel-stop">
              {t('sentinel.question.stop')}
            </Button>
          ) : (
            <Button key="ask" type="submit" variant="primary" iconName="sparkle" disabled={!canAsk(text, outcome)} data-testid="sentinel-ask">
              {t('sentinel.question.ask')}
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}

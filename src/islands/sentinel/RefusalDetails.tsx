// What Sentinel could and could not read of a refused question (spec 3 §8, issue 21 §3): the
// words it could not place (an unknown word, an impossible date, a number out of range) named in
// the error box, what it understood, and — when there is one — the closest question it can answer
// with the left-out words marked, and one button that puts it into the box and asks it. Nothing
// runs until that click.
import { useTranslation } from '../../lib/i18n/react';
import { Button } from '../ui/Button';
import type { SentinelError } from './useSentinelQuestion';
import styles from './RefusalDetails.module.css';

export function RefusalDetails({ error, onAskInstead }: { error: SentinelError; onAskInstead: (question: string) => void }) {
  const { t } = useTranslation();
  const { problems, understood, suggestion } = error;
  return (
    <>
      {problems && problems.length > 0 && (
        <p className={styles.line} data-testid="sentinel-problems">
          {t('sentinel.errors.problems')}{' '}
          {problems.map((p, i) => (
            <span key={`${p}-${i}`}>
              {i > 0 && ', '}
              <q className={styles.word}>{p}</q>
            </span>
          ))}
        </p>
      )}
      {understood && (
        <p className={styles.line} data-testid="sentinel-understood">
          {understood.length > 0 ? `${t('sentinel.errors.understood')} ${understood.join(', ')}` : t('sentinel.errors.understoodNothing')}
        </p>
      )}
      {suggestion && (
        <div className={styles.instead} data-testid="sentinel-instead">
          <p className={styles.lead}>{t('sentinel.errors.insteadLead')}</p>
          <p className={styles.question} data-testid="sentinel-instead-question">
            <q>{suggestion.question}</q>
          </p>
          {suggestion.unplaced.length > 0 && (
            <p className={styles.line} data-testid="sentinel-unplaced">
              {t('sentinel.errors.leftOut')}{' '}
              {suggestion.unplaced.map((w, i) => (
                <span key={`${w}-${i}`}>
                  {i > 0 && ' '}
                  <del className={styles.unplaced}>{w}</del>
                </span>
              ))}
            </p>
          )}
          <Button variant="secondary" size="sm" iconName="sparkle" onClick={() => onAskInstead(suggestion.question)} data-testid="sentinel-ask-instead">
            {t('sentinel.errors.askInstead')}
          </Button>
        </div>
      )}
    </>
  );
}

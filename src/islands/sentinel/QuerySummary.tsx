// spec 3 §2 query summary: a collapsible card with title, result count and completion time
// (DD.MM.YYYY, HH:mm); its body lists the filters as parameter / operator (in words) / value rows
// tagged e, c, t or ccp, or the compiled SQL (raw view). The spec disables it for an empty answer;
// issue 20 §3 found that is exactly when the user needs to see how the question was read, so it
// always opens, and an empty answer shows it open from the start. Names and values come from the
// vocabulary in the user's language (sentinel.fields.*, sentinel.values.*).
import { useId, useState } from 'react';
import type { NlqAnswer } from '../../lib/contracts/nlq';
import { useTranslation } from '../../lib/i18n/react';
import { Icon } from '../ui/Icon';
import { completionTime, filterParameter, filterValue, isDateFilter, operatorWordKey, truncateValue } from './model/summary';
import { SaveQuestion } from './SaveQuestion';
import styles from './QuerySummary.module.css';

export function QuerySummary({ answer, onSaved }: { answer: NlqAnswer; onSaved: (name: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(answer.num_results === 0);
  const [raw, setRaw] = useState(false);
  const expanded = open;
  return (
    // Focusable from script only: the page moves focus here when an answer arrives (SentinelScreen).
    <section className={styles.card} data-testid="sentinel-summary" tabIndex={-1}>
      <div className={styles.head}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((o) => !o)}
          data-testid="sentinel-summary-toggle"
        >
          <Icon name={expanded ? 'arrowUp' : 'arrowDown'} size={16} />
          <span className={styles.title}>{t('sentinel.summary.title')}</span>
        </button>
        <div className={styles.meta}>
          <span className={styles.count} data-testid="sentinel-count">
            {t('sentinel.summary.count', { count: answer.num_results })}
          </span>
          {answer.task_completed_at !== null && (
            <span className={styles.time}>
              {t('sentinel.summary.completedAt', {
                time: completionTime(answer.task_completed_at),
              })}
            </span>
          )}
          <SaveQuestion answer={answer} onSaved={onSaved} />
        </div>
      </div>
      {answer.truncated && <p className={styles.note}>{t('sentinel.summary.truncated', { count: answer.data.length })}</p>}
      {expanded && (
        <div id={`${id}-body`} className={styles.body}>
          <div className={styles.views} role="group">
            <button type="button" className={raw ? styles.view : `${styles.view} ${styles.viewOn}`} aria-pressed={!raw} onClick={() => setRaw(false)}>
              {t('sentinel.summary.parsed')}
            </button>
            <button
              type="button"
              className={raw ? `${styles.view} ${styles.viewOn}` : styles.view}
              aria-pressed={raw}
              onClick={() => setRaw(true)}
              data-testid="sentinel-raw-toggle"
            >
              {t('sentinel.summary.raw')}
            </button>
          </div>
          {raw ? (
            <pre className={styles.sql} data-testid="sentinel-sql">
              <code>{answer.query}</code>
            </pre>
          ) : answer.filters.length === 0 ? (
            <p className={styles.empty}>{t('sentinel.summary.empty')}</p>
          ) : (
            <table className={styles.filters} data-testid="sentinel-filters">
              <thead>
                <tr>
                  <th scope="col">{t('sentinel.summary.parameter')}</th>
                  <th scope="col">{t('sentinel.summary.operator')}</th>
                  <th scope="col">{t('sentinel.summary.value')}</th>
                </tr>
              </thead>
              <tbody>
                {answer.filters.map((f, i) => {
                  const value = filterValue(f, t);
                  return (
                  <tr key={`${f.text}-${i}`}>
                    <td>
                      <span className={`${styles.tag} ${styles[`tag_${f.entity}`]}`} title={t(`sentinel.summary.entities.${f.entity}`)}>
                        {f.entity}
                      </span>
                      {filterParameter(f, t)}
                    </td>
                    <td>{t(operatorWordKey(f.operator, f.value))}</td>
                    <td className={isDateFilter(f) ? styles.date : styles.value} title={value.length > 100 ? value : undefined}>
                      {truncateValue(value)}
                    </td>
                  </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </div>
      )}
    </section>
  );
}

// A variation's keywords (spec 3 §9: four shown by default, each cut to 30 characters, the rest
// behind a "more" button that shows them all).
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { PB, shortKeyword } from '../../../lib/packages/rules';
import styles from './Results.module.css';

export function Keywords({ keywords, label }: { keywords: string[]; label: string }) {
  const { t } = useTranslation();
  const uid = useId();
  const [all, setAll] = useState(false);
  if (keywords.length === 0) return <p className={styles.muted}>{t('packages.results.card.noKeywords')}</p>;
  const shown = all ? keywords : keywords.slice(0, PB.keywordsShown);
  const hidden = keywords.length - PB.keywordsShown;
  return (
    <div className={styles.keywords}>
      <ul id={uid} className={styles.chips} aria-label={label}>
        {shown.map((k) => {
          const short = shortKeyword(k);
          return (
            <li key={k} className={styles.chip} title={short !== k ? k : undefined}>
              {short}
              {short !== k && <span className="visually-hidden">{` (${k})`}</span>}
            </li>
          );
        })}
      </ul>
      {hidden > 0 && (
        <button type="button" className={styles.moreButton} aria-expanded={all} aria-controls={uid} onClick={() => setAll((v) => !v)}>
          {all ? t('packages.results.card.fewerKeywords') : t('packages.results.card.moreKeywords', { count: hidden })}
        </button>
      )}
    </div>
  );
}

// The audience multi-select with search (spec 2 §2 Searchable dropdown: a remove control and a
// try-again state; §9: at least 160 px high). The ad account's custom audiences; the creative keeps
// the chosen ids comma-separated (spec 2 §3). Without an ad account it is disabled.
import { useEffect, useId, useState } from 'react';
import { Popover } from 'radix-ui';
import type { AudienceList } from '../../../../lib/contracts/meta-lookups';
import { getAudiences } from '../../../../lib/api/metaLookups';
import { ApiError } from '../../../../lib/api/client';
import { useTranslation } from '../../../../lib/i18n/react';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { formatAudienceIds, matchesSearch, parseAudienceIds, toggleAudience } from './creativeFormRules';
import styles from './CreativeForm.module.css';

type Audience = AudienceList['items'][number];
type Load = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; items: Audience[] } | { status: 'error'; key: string };

/** Loads the ad account's audiences; `retry` asks again. Shared with the read-only summary. */
export function useAudiences(adAccountAssetId: string | null): [Load, () => void] {
  const [load, setLoad] = useState<Load>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!adAccountAssetId) {
      setLoad({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    getAudiences(adAccountAssetId, undefined, controller.signal).then(
      (list) => setLoad({ status: 'ready', items: list.items }),
      (err: unknown) => {
        if (controller.signal.aborted || (err instanceof ApiError && err.cancelled)) return;
        setLoad({ status: 'error', key: err instanceof ApiError ? err.i18nKey : 'common.errors.inServerResponse' });
      },
    );
    return () => controller.abort();
  }, [adAccountAssetId, attempt]);
  return [load, () => setAttempt((a) => a + 1)];
}

export function AudienceSelect({
  adAccountAssetId,
  value,
  onChange,
  disabled,
}: {
  adAccountAssetId: string | null;
  value: string | null;
  onChange(next: string | null): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const uid = useId();
  const [load, retry] = useAudiences(adAccountAssetId);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const chosen = parseAudienceIds(value);
  const items = load.status === 'ready' ? load.items : [];
  const nameOf = (id: string) => items.find((a) => a.id === id)?.name ?? id;
  const matches = items.filter((a) => matchesSearch(a, query));
  const off = disabled || !adAccountAssetId;

  return (
    <div className={styles.block}>
      <p id={`${uid}-label`} className={styles.label}>
        {t('campaigns.wizard.creative.audience.label')}
      </p>
      <p id={`${uid}-hint`} className={styles.hint}>
        {adAccountAssetId ? t('campaigns.wizard.creative.audience.hint') : t('campaigns.wizard.creative.audience.noAdAccount')}
      </p>
      {chosen.length > 0 && (
        <ul className={styles.chips} aria-label={t('campaigns.wizard.creative.audience.chosen')}>
          {chosen.map((id) => (
            <li key={id} className={styles.tag}>
              <span>{nameOf(id)}</span>
              {!off && (
                <button type="button" className={styles.tagRemove} onClick={() => onChange(toggleAudience(value, id))} aria-label={t('campaigns.wizard.creative.audience.remove', { name: nameOf(id) })}>
                  <Icon name="close" size={14} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className={styles.audienceRow}>
        <Popover.Root open={open && !off} onOpenChange={setOpen}>
          <Popover.Trigger asChild>
            <button type="button" className={`input ${styles.selectTrigger}`} disabled={off} aria-labelledby={`${uid}-label ${uid}-value`} aria-describedby={`${uid}-hint`}>
              <span id={`${uid}-value`}>{chosen.length ? t('campaigns.wizard.creative.audience.count', { count: chosen.length }) : t('campaigns.wizard.creative.audience.placeholder')}</span>
              <Icon name="chevronUpDown" size={16} />
            </button>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content className={`${styles.popover} ${styles.dropdown}`} sideOffset={4} align="start" collisionPadding={8}>
              <label htmlFor={`${uid}-search`} className="visually-hidden">
                {t('campaigns.wizard.creative.audience.search')}
              </label>
              <input
                id={`${uid}-search`}
                className={`input ${styles.search}`}
                type="search"
                placeholder={t('campaigns.wizard.creative.audience.search')}
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                autoFocus
              />
              <div className={styles.options} aria-busy={load.status === 'loading'}>
                {load.status === 'loading' && <p className={styles.hint}>{t('common.loading')}</p>}
                {load.status === 'error' && (
                  <div className={styles.tryAgain} role="alert">
                    <p>{t(load.key)}</p>
                    <Button size="sm" variant="secondary" onClick={retry}>
                      {t('campaigns.wizard.creative.tryAgain')}
                    </Button>
                  </div>
                )}
                {load.status === 'ready' && !matches.length && <p className={styles.hint}>{query ? t('campaigns.wizard.creative.audience.noResults') : t('campaigns.wizard.creative.audience.none')}</p>}
                {load.status === 'ready' && matches.length > 0 && (
                  <ul className={styles.optionList} aria-label={t('campaigns.wizard.creative.audience.label')}>
                    {matches.map((a) => (
                      <li key={a.id}>
                        <label className={styles.option}>
                          <input type="checkbox" checked={chosen.includes(a.id)} onChange={() => onChange(toggleAudience(value, a.id))} />
                          <span className={styles.optionName}>{a.name}</span>
                          <span className={styles.optionMeta}>{t(`campaigns.wizard.creative.audience.types.${a.type}`)}</span>
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
        {chosen.length > 0 && !off && (
          <Button variant="ghost" size="sm" onClick={() => onChange(formatAudienceIds([]))}>
            {t('campaigns.wizard.creative.audience.clear')}
          </Button>
        )}
      </div>
      {load.status === 'error' && !open && (
        <div className={styles.tryAgain} role="alert">
          <p>{t(load.key)}</p>
          <Button size="sm" variant="secondary" onClick={retry}>
            {t('campaigns.wizard.creative.tryAgain')}
          </Button>
        </div>
      )}
    </div>
  );
}

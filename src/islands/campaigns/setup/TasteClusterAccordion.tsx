// spec 2 §2 New-setup panel: the accordion of the taste clusters suggested for the budget and goal
// (GET suggested_tcs): a checkbox to choose each, its label and share of the budget; opened, its
// keywords, attractiveness, buying power, potential, rank and size; and an options menu.
import { useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import type { SuggestedTc } from '../../../lib/contracts/taste-clusters';
import { useTranslation } from '../../../lib/i18n/react';
import { Icon } from '../../ui/Icon';
import { formatCount, formatMoney, formatPercent } from '../../events/detail/format';
import detailStyles from '../../events/detail/EventDetail.module.css';
import styles from '../Campaigns.module.css';

export const tcKey = (tc: Pick<SuggestedTc, 'tc' | 'tc_run_id'>) => `${tc.tc_run_id}:${tc.tc}`;

function Score({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.score}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function TasteClusterAccordion({
  items,
  selected,
  currency,
  onToggle,
  onOnly,
  onRegenerate,
}: {
  items: SuggestedTc[];
  selected: ReadonlySet<string>;
  currency: string;
  onToggle: (key: string, on: boolean) => void;
  onOnly: (key: string) => void;
  onRegenerate: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [open, setOpen] = useState<string | null>(null);
  return (
    <ul className={styles.accordion} data-testid="tc-accordion" aria-label={t('campaigns.setup.clusters.title')}>
      {items.map((tc) => {
        const key = tcKey(tc);
        const expanded = open === key;
        const panelId = `tc-panel-${tc.tc_run_id}-${tc.tc}`;
        const checkId = `tc-check-${tc.tc_run_id}-${tc.tc}`;
        return (
          <li key={key} className={styles.accItem} data-expanded={expanded || undefined} data-testid="tc-item" data-tc={tc.tc}>
            <div className={styles.accHead}>
              <input id={checkId} type="checkbox" className={styles.accCheck} checked={selected.has(key)} onChange={(e) => onToggle(key, e.currentTarget.checked)} aria-label={t('campaigns.setup.clusters.choose', { name: tc.alias })} />
              <button type="button" className={styles.accToggle} aria-expanded={expanded} aria-controls={panelId} onClick={() => setOpen(expanded ? null : key)}>
                <span className={styles.accRank} aria-label={t('campaigns.setup.clusters.rank', { rank: tc.rank })}>
                  {tc.rank}
                </span>
                <span className={styles.accLabel} data-testid="tc-label">
                  {tc.alias}
                </span>
                <span className={styles.accBudget}>{formatMoney(tc.budget, currency, lng)}</span>
                <Icon name="chevronRight" size={16} className={styles.accChevron} />
              </button>
              <DropdownMenu.Root modal={false}>
                <DropdownMenu.Trigger asChild>
                  <button type="button" className={detailStyles.menuTrigger} aria-label={t('campaigns.setup.clusters.options', { name: tc.alias })}>
                    <Icon name="more" size={18} />
                  </button>
                </DropdownMenu.Trigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.Content className={detailStyles.menu} align="end" sideOffset={6} collisionPadding={8}>
                    <DropdownMenu.Item className={detailStyles.menuItem} onSelect={() => setOpen(key)}>
                      <Icon name="info" size={16} className={detailStyles.menuIcon} />
                      {t('campaigns.setup.clusters.details')}
                    </DropdownMenu.Item>
                    <DropdownMenu.Item className={detailStyles.menuItem} onSelect={() => onOnly(key)}>
                      <Icon name="check" size={16} className={detailStyles.menuIcon} />
                      {t('campaigns.setup.clusters.only')}
                    </DropdownMenu.Item>
                    <DropdownMenu.Separator className={detailStyles.menuSeparator} />
                    <DropdownMenu.Item className={detailStyles.menuItem} onSelect={onRegenerate}>
                      <Icon name="sparkle" size={16} className={detailStyles.menuIcon} />
                      {t('campaigns.itc.regenerate')}
                    </DropdownMenu.Item>
                  </DropdownMenu.Content>
                </DropdownMenu.Portal>
              </DropdownMenu.Root>
            </div>
            <div id={panelId} className={styles.accPanel} hidden={!expanded}>
              {tc.keywords.length > 0 && (
                <ul className={styles.chips} aria-label={t('campaigns.setup.clusters.keywords')}>
                  {tc.keywords.map((k) => (
                    <li key={k.keyword} className={styles.chip}>
                      {k.keyword}
                    </li>
                  ))}
                </ul>
              )}
              <dl className={styles.scores}>
                <Score label={t('campaigns.setup.clusters.attractiveness')} value={formatPercent(tc.attractiveness * 100, lng, 0)} />
                <Score label={t('campaigns.setup.clusters.buyingPower')} value={formatPercent(tc.buying_power * 100, lng, 0)} />
                <Score label={t('campaigns.setup.clusters.potential')} value={formatCount(tc.potential, lng)} />
                <Score label={t('campaigns.setup.clusters.size')} value={formatCount(tc.tc_size, lng)} />
                <Score label={t('campaigns.setup.clusters.rankLabel')} value={String(tc.rank)} />
              </dl>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

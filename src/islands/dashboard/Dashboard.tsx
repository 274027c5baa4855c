// The dashboard's cards (spec 1 §2.8): upcoming important events, flagged events and the active
// campaign statistics. From 1400 px everything shows at once; below, two tabs (Events, Campaign
// stats) take turns. The first data comes from the server with the page, so the numbers paint
// without a request; only paging and a changed date range call the API.
import { useState } from 'react';
import { I18nIsland, useTranslation } from '../../lib/i18n/react';
import { EmptyState } from '../ui/EmptyState';
import { TabList } from '../ui/TabList';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { CampaignStatsCard } from './CampaignStatsCard';
import { FlaggedEvents } from './FlaggedEvents';
import type { DashboardProps } from './types';
import { UpcomingEvents } from './UpcomingEvents';
import styles from './Dashboard.module.css';

const TABS = ['events', 'campaigns'] as const;
type Tab = (typeof TABS)[number];

function Card({ id, title, children, className }: { id: string; title: string; children: React.ReactNode; className?: string }) {
  return (
    <section className={className ? `${styles.card} ${className}` : styles.card} aria-labelledby={`dash-${id}`} data-card={id}>
      <h2 id={`dash-${id}`} className={styles.cardTitle}>
        {title}
      </h2>
      <ErrorBoundary>{children}</ErrorBoundary>
    </section>
  );
}

function Screen({ canEvents, upcoming, flagged, stats, today }: Omit<DashboardProps, 'i18n' | 'canCampaigns'>) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [tab, setTab] = useState<Tab>('events');
  const noAccess = <EmptyState compact icon="alert" message={t('dashboard.noPermission')} />;
  return (
    <div className={styles.root}>
      <TabList
        label={t('dashboard.tabs.label')}
        idPrefix="dash"
        className={styles.tabs}
        tabs={TABS.map((name) => ({ value: name, label: t(`dashboard.tabs.${name}`) }))}
        value={tab}
        onChange={setTab}
      />
      <div className={styles.panels}>
        <div role="tabpanel" id="dash-panel-events" aria-labelledby="dash-tab-events" className={styles.eventsPanel} data-active={tab === 'events' || undefined}>
          <Card id="upcoming" title={t('dashboard.upcoming.title')} className={styles.upcoming}>
            {canEvents ? <UpcomingEvents initial={upcoming} today={today} lng={lng} /> : noAccess}
          </Card>
          <Card id="flagged" title={t('dashboard.flagged.title')}>
            {canEvents ? <FlaggedEvents flagged={flagged} lng={lng} /> : noAccess}
          </Card>
        </div>
        <div role="tabpanel" id="dash-panel-campaigns" aria-labelledby="dash-tab-campaigns" className={styles.statsPanel} data-active={tab === 'campaigns' || undefined}>
          <Card id="campaign-stats" title={t('dashboard.campaignStats.title')}>
            <CampaignStatsCard stats={stats} lng={lng} />
          </Card>
        </div>
      </div>
    </div>
  );
}

export default function Dashboard({ i18n, canCampaigns: _canCampaigns, ...props }: DashboardProps) {
  return (
    <I18nIsland i18n={i18n}>
      <Screen {...props} />
    </I18nIsland>
  );
}

// /settings (spec 1 §2.5): four tabs chosen by the URL hash — personal (default),
// #notifications, #meta, #system; changing tab pushes the hash. The WAI-ARIA tabs pattern by hand
// (roving tabindex; arrow keys, Home and End): radix Tabs renders style attributes (tab list and
// panels) that the hash-only CSP refuses.
import { useEffect, useState, type ReactNode } from 'react';
import { I18nIsland, useTranslation } from '../../lib/i18n/react';
import { EmptyState } from '../ui/EmptyState';
import { TabList } from '../ui/TabList';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { PersonalTab } from './PersonalTab';
import { SystemTab } from './SystemTab';
import { NotificationsTab } from './NotificationsTab';
import { MetaAccess } from './meta/MetaAccess';
import type { ConnectIdentity } from '../../lib/api/metaConnect';
import { SETTINGS_TABS, tabFromHash, type SettingsScreenProps, type SettingsTab } from './types';
import styles from './Settings.module.css';

function Panel({ name, active, children }: { name: SettingsTab; active: SettingsTab; children: ReactNode }) {
  const shown = name === active;
  return (
    <div role="tabpanel" id={`settings-panel-${name}`} aria-labelledby={`settings-tab-${name}`} hidden={!shown} tabIndex={0} className={styles.panel}>
      {shown && children}
    </div>
  );
}

const SIGNED_IN: ConnectIdentity = { kind: 'user' };

function Screen({ profile, partnerCount, attribution, registration, calendar, historyImport, integrations, metaAccess }: Omit<SettingsScreenProps, 'i18n'>) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SettingsTab>('personal');

  useEffect(() => {
    const sync = () => setTab(tabFromHash(location.hash));
    sync();
    window.addEventListener('hashchange', sync);
    window.addEventListener('popstate', sync);
    return () => {
      window.removeEventListener('hashchange', sync);
      window.removeEventListener('popstate', sync);
    };
  }, []);

  const onChange = (value: string) => {
    const next = tabFromHash(value);
    setTab(next);
    const url = next === 'personal' ? location.pathname + location.search : `#${next}`;
    history.pushState(null, '', url);
  };

  return (
    <div className={styles.root}>
      <TabList
        label={t('settings.tabsLabel')}
        idPrefix="settings"
        tabs={SETTINGS_TABS.map((name) => ({ value: name, label: t(`settings.tabs.${name}`) }))}
        value={tab}
        onChange={onChange}
      />
      <Panel name="personal" active={tab}>
        <ErrorBoundary>
          <PersonalTab profile={profile} partnerCount={partnerCount} />
        </ErrorBoundary>
      </Panel>
      <Panel name="notifications" active={tab}>
        <ErrorBoundary>
          <NotificationsTab />
        </ErrorBoundary>
      </Panel>
      <Panel name="meta" active={tab}>
        <section className={styles.card}>
          <h2 className={styles.cardTitle}>{t('settings.meta.heading')}</h2>
          {metaAccess ? (
            <ErrorBoundary>
              <MetaAccess identity={SIGNED_IN} canShare />
            </ErrorBoundary>
          ) : (
            <EmptyState icon="megaphone" message={t('common.notAuthorizedAction')} compact />
          )}
        </section>
      </Panel>
      <Panel name="system" active={tab}>
        <ErrorBoundary>
          <SystemTab attribution={attribution} registration={registration} calendar={calendar} historyImport={historyImport} integrations={integrations} />
        </ErrorBoundary>
      </Panel>
    </div>
  );
}

export default function SettingsScreen({ i18n, ...props }: SettingsScreenProps) {
  return (
    <I18nIsland i18n={i18n}>
      <Screen {...props} />
    </I18nIsland>
  );
}

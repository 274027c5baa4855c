// /settings (spec 1 §2.5): four tabs chosen by the URL hash — personal (default),
// #notifications, #meta, #system; changing tab pushes the hash. Radix Tabs give the keyboard
// model of the tab list (arrow keys, roving focus); the panels are plain role=tabpanel elements
// because radix's Tabs.Content renders a style attribute the hash-only CSP refuses.
import { useEffect, useState, type ReactNode } from 'react';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { I18nIsland } from '../../lib/i18n/react';
import { EmptyState } from '../ui/EmptyState';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { PersonalTab } from './PersonalTab';
import { SystemTab } from './SystemTab';
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

function Screen({ profile, partnerCount }: Omit<SettingsScreenProps, 'i18n'>) {
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
    <Tabs.Root value={tab} onValueChange={onChange} className={styles.root} activationMode="manual">
      <Tabs.List className={styles.tabs} aria-label={t('settings.tabsLabel')}>
        {SETTINGS_TABS.map((name) => (
          <Tabs.Trigger key={name} value={name} className={styles.tab} id={`settings-tab-${name}`} aria-controls={`settings-panel-${name}`}>
            {t(`settings.tabs.${name}`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Panel name="personal" active={tab}>
        <ErrorBoundary>
          <PersonalTab profile={profile} partnerCount={partnerCount} />
        </ErrorBoundary>
      </Panel>
      <Panel name="notifications" active={tab}>
        <section className={styles.card}>
          <h2 className={styles.cardTitle}>{t('settings.notifications.heading')}</h2>
          <EmptyState icon="bell" badge={t('placeholder.comingSoon')} message={t('settings.notifications.empty')} compact />
        </section>
      </Panel>
      <Panel name="meta" active={tab}>
        <section className={styles.card}>
          <h2 className={styles.cardTitle}>{t('settings.meta.heading')}</h2>
          <EmptyState icon="megaphone" badge={t('placeholder.comingSoon')} message={t('settings.meta.empty')} compact />
        </section>
      </Panel>
      <Panel name="system" active={tab}>
        <ErrorBoundary>
          <SystemTab />
        </ErrorBoundary>
      </Panel>
    </Tabs.Root>
  );
}

export default function SettingsScreen({ i18n, ...props }: SettingsScreenProps) {
  return (
    <I18nIsland i18n={i18n}>
      <Screen {...props} />
    </I18nIsland>
  );
}

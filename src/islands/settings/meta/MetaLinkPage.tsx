// /{language}/meta-anonymous and /{language}/meta (spec 1 §2.5): the code of the link becomes a
// scoped token (kept in session storage, so a reload does not spend a new code) and the Meta card
// works with it. Anonymous: a connected notice, no refresh or link buttons. Partner: a
// save-and-return button back to the partner system.
import { useEffect, useMemo, useState } from 'react';
import { I18nIsland, useTranslation } from '../../../lib/i18n/react';
import type { IslandI18n } from '../../../lib/i18n/namespaces';
import { redeemAnonymousCode, redeemVendorCode, type ConnectIdentity } from '../../../lib/api/metaConnect';
import { buttonClass } from '../../ui/Button';
import { MetaAccess } from './MetaAccess';
import styles from './MetaAccess.module.css';

export interface MetaLinkPageProps {
  i18n: IslandI18n;
  mode: 'anonymous' | 'partner';
  code: string | null;
  redirectUri: string | null;
}

const storageKey = (mode: string) => `encore.meta.${mode}`;

function Page({ mode, code, redirectUri }: Omit<MetaLinkPageProps, 'i18n'>) {
  const { t } = useTranslation();
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!code || (mode === 'partner' && !redirectUri)) {
      setError(t(mode === 'partner' ? 'meta.anonymous.missingCodeOrRedirect' : 'meta.anonymous.missingCode'));
      return;
    }
    const saved = JSON.parse(sessionStorage.getItem(storageKey(mode)) ?? 'null') as { code: string; token: string; expires_at: string } | null;
    if (saved && saved.code === code && Date.parse(saved.expires_at) > Date.now()) {
      setToken(saved.token);
      return;
    }
    (mode === 'partner' ? redeemVendorCode(code, redirectUri!) : redeemAnonymousCode(code)).then(
      (a) => {
        sessionStorage.setItem(storageKey(mode), JSON.stringify({ code, token: a.access_token, expires_at: a.expires_at }));
        setToken(a.access_token);
      },
      () => setError(t('meta.anonymous.invalidCode')),
    );
  }, [code, mode, redirectUri, t]);

  const identity = useMemo<ConnectIdentity | null>(() => (token ? { kind: mode, token } : null), [mode, token]);

  return (
    <div className={styles.root}>
      <p className={styles.intro}>{t('meta.anonymous.intro')}</p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {connected && mode === 'anonymous' && (
        <p className={styles.success} role="status" data-testid="meta-connected-notice">
          {t('meta.anonymous.connected')}
        </p>
      )}
      {identity && <MetaAccess identity={identity} showIntro={false} onConnected={() => setConnected(true)} />}
      {identity && mode === 'partner' && redirectUri && (
        <a className={buttonClass({ variant: 'primary' })} href={redirectUri}>
          {t('meta.anonymous.saveAndReturn')}
        </a>
      )}
    </div>
  );
}

export default function MetaLinkPage({ i18n, ...props }: MetaLinkPageProps) {
  return (
    <I18nIsland i18n={i18n}>
      <Page {...props} />
    </I18nIsland>
  );
}

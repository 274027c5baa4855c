// Settings #meta (spec 1 §2.5, §4.5; spec 2 §4 "Asset selection", "Meta authorization"): the
// user-token and system-token cards with the assets grouped by class in the spec's order, toggles
// (owners only; the last enabled page stays on), add asset / reconnect through the 600×600 popup,
// disconnect, token status, and — for signed-in users — the shared link. The same island serves
// /{language}/meta-anonymous and /{language}/meta with their scoped tokens (no refresh or link
// buttons in anonymous mode).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { ApiError } from '../../../lib/api/client';
import { metaConnectApi, type ConnectIdentity } from '../../../lib/api/metaConnect';
import { ASSET_KEYS, type AssetKey, type ConnectStatus, type MetaAsset, type MetaConnection, type TokenType } from '../../../lib/contracts/meta-connect';
import { Button } from '../../ui/Button';
import { SandboxBadge } from '../../ui/SandboxBadge';
import { LoginError, loadLoginScript, loginWithMeta } from './metaLogin';
import { ShareLinkDialog } from './ShareLinkDialog';
import styles from './MetaAccess.module.css';

export interface MetaAccessProps {
  identity: ConnectIdentity;
  /** Signed-in users with the settings permission may create shared links. */
  canShare?: boolean;
  /** Called after a successful connection (the anonymous page shows its notice). */
  onConnected?: () => void;
  /** The link pages have their own intro: the settings one would repeat it. */
  showIntro?: boolean;
}

/** A message, and the action it answers (`asset:<id>`: shown beside that asset's switch, issue 20 §2.7). */
type Notice = { tone: 'error' | 'success'; text: string; at?: string } | null;

export function MetaAccess({ identity, canShare = false, onConnected, showIntro = true }: MetaAccessProps) {
  const { t, i18n } = useTranslation();
  const api = useMemo(() => metaConnectApi(identity), [identity]);
  const anonymous = identity.kind === 'anonymous';
  const [status, setStatus] = useState<ConnectStatus | null>(null);
  const [assets, setAssets] = useState<MetaAsset[]>([]);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [scriptReady, setScriptReady] = useState<boolean | null>(null);
  const [sharing, setSharing] = useState(false);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());

  const errorText = (err: unknown) => {
    if (err instanceof LoginError) {
      const f = err.failure;
      if (f.kind === 'taskFailed') return t('settings.meta.taskFailed', { details: f.details });
      if (f.kind === 'api') return t(f.i18nKey);
      return t(`settings.meta.${f.kind}`);
    }
    if (err instanceof ApiError) {
      const key = err.i18nKey;
      const text = t(key);
      return text === key ? err.message : text;
    }
    return t('common.errors.inServerResponse');
  };

  const reload = useCallback(async () => {
    const [s, a] = await Promise.all([api.status(), api.assets()]);
    setStatus(s);
    setAssets(a.items);
    // spec 1 §4.5: token validity is checked on load.
    const checks = await Promise.all(s.connections.filter((c) => c.status === 'valid').map((c) => api.tokenStatus(c.id).catch(() => null)));
    setInvalid(new Set(checks.filter((c) => c && !c.valid).map((c) => c!.id)));
  }, [api]);

  useEffect(() => {
    reload().catch((err) => setNotice({ tone: 'error', text: errorText(err) }));
    let alive = true;
    loadLoginScript().then((ok) => alive && setScriptReady(ok));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reload]);

  const login = async () => {
    if (!status) return;
    setNotice(null);
    setBusy('login');
    try {
      await loginWithMeta(api, status.login);
      await reload();
      setNotice({ tone: 'success', text: t('settings.meta.connected') });
      onConnected?.();
    } catch (err) {
      setNotice({ tone: 'error', text: errorText(err) });
    } finally {
      setBusy(null);
    }
  };

  const act = async (key: string, fn: () => Promise<unknown>) => {
    setNotice(null);
    setBusy(key);
    try {
      await fn();
      await reload();
    } catch (err) {
      setNotice({ tone: 'error', text: errorText(err), at: key });
    } finally {
      setBusy(null);
    }
  };

  const toggle = (a: MetaAsset) =>
    act(`asset:${a.id}`, async () => {
      // spec 1 §4.5: the last enabled page cannot be switched off — said before asking the server,
      // which enforces it too. Like the server, count only pages a live login reaches with permission.
      const usable = (x: MetaAsset) => x.key === 'facebook.profile' && x.is_enabled && x.is_active && x.valid;
      if (a.is_enabled && usable(a) && assets.filter((x) => usable(x) && x.id !== a.id).length === 0) {
        throw new ApiError(422, 'error.connect.facebook.page_required', t('settings.meta.pageRequired'));
      }
      const next = await api.toggle(a.id, !a.is_enabled);
      setAssets((list) => list.map((x) => (x.id === next.id ? next : x)));
    });

  if (!status) {
    return (
      <div className={styles.root}>
        {notice ? <p className={styles.error} role="alert">{notice.text}</p> : <p className={styles.muted}>{t('common.loading')}</p>}
      </div>
    );
  }

  const card = (type: TokenType) => {
    const connections = status.connections.filter((c) => c.token_type === type);
    const mine = assets.filter((a) => (a.asset_users.length ? a.asset_users.some((u) => u.token_type === type) : type === 'USER'));
    return (
      <TokenCard
        key={type}
        type={type}
        connections={connections}
        invalid={invalid}
        assets={mine}
        anonymous={anonymous}
        busy={busy}
        scriptReady={scriptReady}
        language={i18n.language}
        onLogin={login}
        onDisconnect={(c) => act(`disconnect:${c.id}`, () => api.disconnect(c.token_type, c.platform_user_id))}
        onRefresh={() => act('refresh', () => api.refresh())}
        onToggle={toggle}
        notice={notice}
        onSystemToken={(token) => act('system', () => api.systemToken(token))}
        sandbox={status.sandbox}
        onSandboxSystemUser={() => act('system', () => api.sandboxSystemUser())}
      />
    );
  };

  return (
    <div className={styles.root}>
      <div className={styles.header}>
        {showIntro && <p className={styles.intro}>{t('settings.meta.intro')}</p>}
        <div className={styles.headerActions}>
          {status.sandbox && <SandboxBadge />}
          {canShare && !anonymous && (
            <Button variant="secondary" size="sm" onClick={() => setSharing(true)}>
              {t('settings.meta.share.button')}
            </Button>
          )}
        </div>
      </div>
      {scriptReady === false && (
        <p className={styles.error} role="alert" data-testid="meta-script-alert">
          {t('settings.meta.fbSdkMissing')}
        </p>
      )}
      {notice && !notice.at?.startsWith('asset:') && (
        <p className={notice.tone === 'error' ? styles.error : styles.success} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {card('USER')}
      {!anonymous && card('SYSTEM')}
      {sharing && <ShareLinkDialog onClose={() => setSharing(false)} />}
    </div>
  );
}

interface TokenCardProps {
  type: TokenType;
  connections: MetaConnection[];
  invalid: Set<string>;
  assets: MetaAsset[];
  anonymous: boolean;
  busy: string | null;
  scriptReady: boolean | null;
  language: string;
  onLogin: () => void;
  onDisconnect: (c: MetaConnection) => void;
  onRefresh: () => void;
  onToggle: (a: MetaAsset) => void;
  notice: Notice;
  onSystemToken: (token: string) => void;
  sandbox: boolean;
  onSandboxSystemUser: () => void;
}

function TokenCard({ type, connections, invalid, assets, anonymous, busy, scriptReady, language, onLogin, onDisconnect, onRefresh, onToggle, notice, onSystemToken, sandbox, onSandboxSystemUser }: TokenCardProps) {
  const { t } = useTranslation();
  const [systemToken, setSystemToken] = useState('');
  const user = type === 'USER';
  const name = user ? 'user' : 'system';
  const date = (iso: string) => new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso)).replace(/\//g, '.');
  const connected = connections.length > 0;
  const loginDisabled = busy !== null || scriptReady !== true;
  return (
    <section className={styles.card} aria-labelledby={`meta-${name}-title`} data-testid={`meta-card-${name}`}>
      <div className={styles.cardHead}>
        <div>
          <h3 id={`meta-${name}-title`} className={styles.cardTitle}>
            {t(`settings.meta.${name}Token.title`)}
          </h3>
          <p className={styles.muted}>{t(`settings.meta.${name}Token.desc`)}</p>
        </div>
      </div>
      {connections.map((c) => {
        const expired = c.status === 'expired' || invalid.has(c.id);
        return (
          <div key={c.id} className={styles.connection} data-testid="meta-connection">
            <div className={styles.connectionInfo}>
              <strong>{t('settings.meta.connectedAs', { name: c.username })}</strong>
              <span className={expired ? styles.badExpiry : styles.muted}>
                {expired ? t('settings.meta.expired') : c.expires_at ? t('settings.meta.validUntil', { date: date(c.expires_at) }) : t('settings.meta.noExpiry')}
              </span>
            </div>
            <div className={styles.actions}>
              {user && (
                <Button size="sm" variant={expired ? 'primary' : 'secondary'} onClick={onLogin} disabled={loginDisabled} busy={busy === 'login'}>
                  {t('settings.meta.reconnect')}
                </Button>
              )}
              {!anonymous && (
                <Button size="sm" variant="ghost" onClick={() => onDisconnect(c)} busy={busy === `disconnect:${c.id}`} disabled={busy !== null}>
                  {t('settings.meta.disconnect')}
                </Button>
              )}
            </div>
          </div>
        );
      })}
      {!connected && user && (
        <div className={styles.connection}>
          <span className={styles.muted}>{t('settings.meta.notConnected')}</span>
          <Button onClick={onLogin} disabled={loginDisabled} busy={busy === 'login'} data-testid="meta-login">
            {t('settings.meta.login')}
          </Button>
        </div>
      )}
      {!connected && !user && (
        <form
          className={styles.systemForm}
          onSubmit={(e) => {
            e.preventDefault();
            if (systemToken.trim()) onSystemToken(systemToken.trim());
          }}
        >
          <label className={styles.field}>
            <span>{t('settings.meta.systemToken.label')}</span>
            <input type="password" autoComplete="off" value={systemToken} onChange={(e) => setSystemToken(e.target.value)} />
          </label>
          <div className={styles.actions}>
            <Button type="submit" variant="secondary" disabled={!systemToken.trim() || busy !== null} busy={busy === 'system'}>
              {t('settings.meta.systemToken.save')}
            </Button>
            {sandbox && (
              <Button type="button" variant="ghost" onClick={onSandboxSystemUser} disabled={busy !== null} data-testid="meta-sandbox-system-user">
                {t('settings.meta.systemToken.sandbox')}
              </Button>
            )}
          </div>
        </form>
      )}
      {(connected || assets.length > 0) && (
        <>
          <div className={styles.assetsHead}>
            <h4 className={styles.assetsTitle}>{t('settings.meta.assets')}</h4>
            <div className={styles.actions}>
              {user && connected && (
                <Button size="sm" variant="secondary" iconName="plus" onClick={onLogin} disabled={loginDisabled} data-testid="meta-add-asset">
                  {t('settings.meta.addAsset')}
                </Button>
              )}
              {!anonymous && connected && (
                <Button size="sm" variant="ghost" onClick={onRefresh} busy={busy === 'refresh'} disabled={busy !== null}>
                  {t('settings.meta.refresh')}
                </Button>
              )}
            </div>
          </div>
          {ASSET_KEYS.map((key) => (
            <AssetGroup key={key} assetKey={key} assets={assets.filter((a) => a.key === key)} busy={busy} onToggle={onToggle} notice={notice} />
          ))}
        </>
      )}
    </section>
  );
}

function AssetGroup({ assetKey, assets, busy, onToggle, notice }: { assetKey: AssetKey; assets: MetaAsset[]; busy: string | null; onToggle: (a: MetaAsset) => void; notice: Notice }) {
  const { t } = useTranslation();
  const groupId = `meta-group-${assetKey.replace('.', '-')}`;
  return (
    <div className={styles.group} role="group" aria-labelledby={groupId}>
      <p id={groupId} className={styles.groupTitle}>
        {t(`settings.meta.classes.${assetKey.replace('.', '_')}`)}
        {assetKey === 'facebook.profile' && <span className={styles.required}>{t('settings.meta.required')}</span>}
      </p>
      {assets.length === 0 && <p className={styles.muted}>{t('settings.meta.noAssets')}</p>}
      <ul className={styles.assetList}>
        {assets.map((a) => {
          // A refused toggle is answered beside its switch, which it describes.
          const message = notice?.tone === 'error' && notice.at === `asset:${a.id}` ? notice.text : null;
          const messageId = `meta-asset-${a.id}-error`;
          return (
          <li key={a.id} className={styles.asset}>
            <div className={styles.assetText}>
              <span className={styles.assetLabel}>{a.asset_label}</span>
              <span className={styles.muted}>
                ID {a.asset_id}
                {a.currency ? ` · ${a.currency}` : ''}
                {a.usernames.length ? ` · ${a.usernames.join(', ')}` : ''}
              </span>
              {!a.valid && a.is_active && (
                <span className={styles.warning}>
                  {t('settings.meta.noPermission')} <a href="/settings#meta">{t('settings.meta.reconnect')}</a>
                </span>
              )}
              {!a.is_active && <span className={styles.warning}>{t('settings.meta.inactive')}</span>}
              {message && (
                <span id={messageId} className={styles.error} role="alert" data-testid="asset-error">
                  {message}
                </span>
              )}
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={a.is_enabled}
              aria-label={a.asset_label}
              aria-describedby={message ? messageId : undefined}
              className={styles.switch}
              disabled={!a.owned || (!a.is_enabled && !a.valid)}
              // While an action runs the switch is only aria-disabled: a disabled one would drop the focus to <body>.
              aria-disabled={busy !== null || undefined}
              title={!a.owned ? t('settings.meta.notOwner') : undefined}
              onClick={() => busy === null && onToggle(a)}
            >
              <span className={styles.knob} />
            </button>
          </li>
          );
        })}
      </ul>
    </div>
  );
}

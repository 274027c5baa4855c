// /login (spec 1 §2.4, §4.1): credentials, challenge routing, partner chooser, splash. The server
// renders every stage as plain HTML forms that work without JavaScript; this island enhances them
// (API calls, no page reloads). Kept free of radix and i18next for the page's 80 KB budget.
import { useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { SPLASH_REDIRECT_MS } from '../../lib/constants';
import { createTinyT } from '../../lib/i18n/tiny';
import { Logo } from '../ui/Logo';
import { CHALLENGE_ROUTES, nextWithHash } from './nextPath';
import { clearChallenge, saveChallenge } from '../../stores/challenge';
import { clearRememberedDevice, deviceFields } from '../../stores/rememberedDevice';
import type { LoginScreenProps, LoginState, PartnerChoice } from './types';
import styles from './LoginScreen.module.css';

const byName = (a: PartnerChoice, b: PartnerChoice) => a.name.localeCompare(b.name);

// Loaded when the user first signs in (see loginApi.ts); the module is cached after that.
const loadApi = () => import('./loginApi');

/** The i18n key and code of a failure, without a static import of the client's ApiError. */
async function describe(err: unknown): Promise<{ cancelled: boolean; code: string | null; status: number | null; key: string }> {
  try {
    const { ApiError } = await loadApi();
    if (err instanceof ApiError) return { cancelled: err.cancelled, code: err.code, status: err.status, key: err.i18nKey };
  } catch {
    // the client itself failed to load (offline): the generic message below
  }
  return { cancelled: false, code: null, status: null, key: 'common.errors.inServerResponse' };
}

export default function LoginScreen({ i18n, initial, next, autoSubmit }: LoginScreenProps) {
  const t = useMemo(() => createTinyT(i18n), [i18n]);
  const [state, setState] = useState<LoginState>(initial);
  const [busy, setBusy] = useState(false);
  const [inactiveOpen, setInactiveOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The server-rendered splash leaves by <meta refresh>; one reached here leaves by timer.
  const [clientSplash, setClientSplash] = useState(false);

  const fail = async (err: unknown, username: string) => {
    const { cancelled, code, status, key } = await describe(err);
    if (cancelled) return;
    // spec 1 §4.1: a server 500 on authentication clears the remembered device.
    if (status === 500) clearRememberedDevice();
    if (code === 'error.auth.inactive') {
      setState((s) => ({ ...s, username, error: null }));
      setInactiveOpen(true);
      return;
    }
    setState((s) => ({ ...s, username, error: key, inactive: false }));
  };

  // Where to go after signing in: ?next= plus the deep link's fragment, which only the browser has.
  const target = () => nextWithHash(next, location.hash);

  const toSplash = (redirectTo: string) => {
    setState((s) => ({ ...s, stage: 'splash', error: null, redirectTo }));
    setClientSplash(true);
  };

  const signIn = async (username: string, password: string) => {
    if (!username.trim() || !password) {
      setState((s) => ({ ...s, username, error: 'common.errors.fillRequired' }));
      return;
    }
    setBusy(true);
    try {
      const { login, getMyGroups } = await loadApi();
      // spec 1 §3: a remembered device of this user skips the code step.
      const res = await login({ username, password, ...deviceFields(username) });
      if (res.Challenge) {
        saveChallenge({ username, session: res.ChallengeSession, challenge: res.Challenge, mfa: res.mfa_settings, next: target() });
        location.assign(CHALLENGE_ROUTES[res.Challenge]);
        return;
      }
      const groups = await getMyGroups();
      if (groups.length > 1) {
        setState((s) => ({ ...s, stage: 'chooser', error: null, partners: groups.map((g) => ({ id: g.id, name: g.name })).sort(byName) }));
      } else {
        toSplash(target() ?? '/');
      }
    } catch (err) {
      await fail(err, username);
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    void signIn(String(data.get('username') ?? ''), String(data.get('password') ?? ''));
  };

  const onChoose = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = event.submitter as HTMLButtonElement | null;
    const id = Number(submitter?.value);
    if (!id) return;
    setBusy(true);
    try {
      const { choosePartner } = await loadApi();
      await choosePartner(id);
      toSplash(target() ?? '/');
    } catch (err) {
      await fail(err, state.username);
    } finally {
      setBusy(false);
    }
  };

  // spec 1 §4.1: visiting /login (also by browser back) resets a pending challenge; a challenge
  // the server answered to a form post before hydration moves on to its screen.
  useEffect(() => {
    if (initial.challenge) {
      saveChallenge(initial.challenge);
      location.replace(CHALLENGE_ROUTES[initial.challenge.challenge]);
      return;
    }
    clearChallenge();
    // Runs once after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // spec 1 §2.4: ?username=…&tp=… sign in at once; the password leaves the address bar.
  useEffect(() => {
    if (!autoSubmit || initial.stage !== 'form') return;
    const url = new URL(location.href);
    url.searchParams.delete('tp');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    void signIn(initial.username, initial.password);
    // Runs once after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!clientSplash) return;
    const timer = window.setTimeout(() => location.assign(state.redirectTo), SPLASH_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [clientSplash, state.redirectTo]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (inactiveOpen && dialog && !dialog.open) dialog.showModal();
  }, [inactiveOpen]);

  if (state.stage === 'splash') {
    return (
      <div className={styles.splash} role="status" aria-live="polite">
        <span className={styles.splashLogo}>
          <Logo compact size={64} label={t('shell.product')} />
        </span>
        <span className={styles.spinner} aria-hidden="true" />
        <p className={styles.splashText}>{t('login.splash')}</p>
        <a className={styles.continue} href={state.redirectTo}>
          {t('login.continue')}
        </a>
      </div>
    );
  }

  if (state.stage === 'chooser') {
    return (
      <div className={styles.stack}>
        <div>
          <h1 className={styles.heading}>{t('partnerChooser.title')}</h1>
          <p className={styles.sub}>{t('partnerChooser.description')}</p>
        </div>
        {state.error && (
          <p className="alert alert--error" role="alert">
            {t(state.error)}
          </p>
        )}
        <form method="post" onSubmit={onChoose} className={styles.partners} aria-busy={busy || undefined}>
          <input type="hidden" name="intent" value="partner" />
          <ul className={styles.partnerList}>
            {state.partners.map((p) => (
              <li key={p.id}>
                <button type="submit" name="partner_id" value={p.id} className={styles.partner} disabled={busy}>
                  <span className={styles.partnerInitial} aria-hidden="true">
                    {p.name.slice(0, 1).toUpperCase()}
                  </span>
                  <span className={styles.partnerName}>{p.name}</span>
                  <svg className={styles.partnerArrow} width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                    <path d="M9 18l6-6-6-6" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        </form>
        <form method="post" action="/logout" className={styles.signOut}>
          <button type="submit" className={styles.linkButton}>
            {t('partnerChooser.signOut')}
          </button>
        </form>
      </div>
    );
  }

  const errorId = 'login-error';
  return (
    <div className={styles.stack}>
      <div>
        <h1 className={styles.heading}>{t('login.heading')}</h1>
        <p className={styles.sub}>{t('login.subheading')}</p>
      </div>
      {state.inactive && (
        // Without JavaScript the disabled-account notice is a visible alert box (spec 1 §8).
        <div className="alert alert--warning" role="alert">
          <div>
            <strong>{t('login.inactiveTitle')}</strong>
            {t('login.inactiveMessage')}
          </div>
        </div>
      )}
      <form ref={formRef} method="post" onSubmit={onSubmit} className={styles.form} noValidate aria-busy={busy || undefined}>
        <input type="hidden" name="intent" value="login" />
        {state.error && (
          <p className="alert alert--error" role="alert" id={errorId}>
            {t(state.error)}
          </p>
        )}
        <div className="field">
          <label htmlFor="login-username">{t('login.username')}</label>
          <input
            id="login-username"
            name="username"
            className="input"
            type="text"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            defaultValue={state.username}
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? errorId : undefined}
          />
        </div>
        <div className="field">
          <div className={styles.labelRow}>
            <label htmlFor="login-password">{t('login.password')}</label>
            <a href="/forgot-password" className={styles.forgot}>
              {t('login.forgotPassword')}
            </a>
          </div>
          <input
            id="login-password"
            name="password"
            className="input"
            type="password"
            autoComplete="current-password"
            required
            defaultValue={state.password}
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? errorId : undefined}
          />
        </div>
        <button type="submit" className={styles.submit} disabled={busy}>
          {busy && <span className={styles.buttonSpinner} aria-hidden="true" />}
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      <dialog ref={dialogRef} className={styles.dialog} aria-labelledby="inactive-title" onClose={() => setInactiveOpen(false)}>
        <h2 id="inactive-title" className={styles.dialogTitle}>
          {t('login.inactiveTitle')}
        </h2>
        <p>{t('login.inactiveMessage')}</p>
        <form method="dialog" className={styles.dialogActions}>
          <button type="submit" className={styles.submit} autoFocus>
            {t('login.inactiveClose')}
          </button>
        </form>
      </dialog>
    </div>
  );
}

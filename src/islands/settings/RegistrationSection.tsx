// Settings › #system › Registration (security review, finding 10): by default only email
// addresses of the partner's domain and its subdomains may register on /partners/{id}/register;
// this switch opens registration to every address. Saved at once (PUT /partners/registration);
// a failure puts the switch back and says so.
import { useState } from 'react';
import type { RegistrationSetting } from '../../lib/contracts/partners';
import { setOpenRegistration } from '../../lib/api/account';
import { useTranslation } from '../../lib/i18n/react';
import { pushToast } from '../../stores/toasts';
import styles from './Settings.module.css';
import n from '../notifications/Notifications.module.css';

export interface RegistrationProps {
  setting: RegistrationSetting;
  /** Changing it needs the settings permission. */
  canChange: boolean;
}

export function RegistrationSection({ setting, canChange }: RegistrationProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(setting.open_registration);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const change = async (next: boolean) => {
    setOpen(next);
    setBusy(true);
    setFailed(false);
    try {
      const saved = await setOpenRegistration({ open_registration: next });
      setOpen(saved.open_registration);
      pushToast({ title: t(saved.open_registration ? 'settings.system.registration.savedOn' : 'settings.system.registration.savedOff'), variant: 'success' });
    } catch {
      setOpen(!next);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="registration-heading">
      <div className={styles.cardHead}>
        <h2 id="registration-heading" className={styles.cardTitle}>
          {t('settings.system.registration.heading')}
        </h2>
        <p className={styles.cardIntro}>{t('settings.system.registration.intro')}</p>
      </div>
      {failed && (
        <p className="alert alert--error" role="alert">
          {t('settings.system.registration.failed')}
        </p>
      )}
      <label className={`${n.switch} ${n.settingRow}`}>
        <input
          type="checkbox"
          role="switch"
          name="open-registration"
          checked={open}
          disabled={busy || !canChange}
          onChange={(e) => void change(e.target.checked)}
          aria-describedby="registration-hint"
        />
        <span className={n.switchTrack} aria-hidden="true" />
        <span className={n.settingText}>
          <span>{t('settings.system.registration.open')}</span>
          <span className={n.settingHint} id="registration-hint">
            {open ? t('settings.system.registration.openHint') : t('settings.system.registration.closedHint', { domain: setting.domain })}
          </span>
        </span>
      </label>
      {!canChange && <p className={styles.hint}>{t('settings.system.registration.locked')}</p>}
    </section>
  );
}

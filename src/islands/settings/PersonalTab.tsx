// Settings › personal (spec 1 §2.5): email (changed through re-authentication and a code to the
// new address), first and last name, language, and the multi-partner display (only with several
// partners). Saved with PUT /profile; a toast reports the result.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../lib/i18n/react';
import { updateProfile } from '../../lib/api/auth';
import { ApiError } from '../../lib/api/client';
import { UpdateProfileRequest } from '../../lib/contracts/auth';
import { LANGUAGES, type Language } from '../../lib/constants';
import { rememberLanguage } from '../../lib/i18n/cookie';
import { $session } from '../../stores/session';
import { pushToast } from '../../stores/toasts';
import { Button } from '../ui/Button';
import { EmailChangeDialog } from './EmailChangeDialog';
import type { SettingsProfile } from './types';
import styles from './Settings.module.css';

// The contract of PUT /profile, with the fields this form always sends made required.
const PersonalForm = UpdateProfileRequest.required({ given_name: true, family_name: true, language: true });
interface PersonalValues {
  given_name: string;
  family_name: string;
  language: Language;
  multi_partner_view?: string;
}

const MULTI_PARTNER_VIEWS = ['name', 'domain', 'id'] as const;

export function PersonalTab({ profile, partnerCount }: { profile: SettingsProfile; partnerCount: number }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(profile.email);
  const [emailOpen, setEmailOpen] = useState(false);
  const multiPartner = partnerCount > 1;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PersonalValues>({
    resolver: zodResolver(PersonalForm) as never,
    defaultValues: {
      given_name: profile.givenName,
      family_name: profile.familyName,
      language: profile.language,
      ...(multiPartner ? { multi_partner_view: profile.multiPartnerView } : {}),
    },
  });

  const fieldError = (name: 'given_name' | 'family_name') => {
    const e = errors[name];
    if (!e) return null;
    return e.type === 'too_big' ? t('settings.personal.tooLong', { max: 120 }) : t('settings.personal.required');
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await updateProfile(multiPartner ? values : { given_name: values.given_name, family_name: values.family_name, language: values.language });
      const languageChanged = saved.language !== profile.language;
      reset({ given_name: saved.given_name, family_name: saved.family_name, language: saved.language, ...(multiPartner ? { multi_partner_view: saved.multi_partner_view } : {}) });
      $session.set({ ...$session.get(), name: `${saved.given_name} ${saved.family_name}`.trim() || saved.email });
      pushToast({ title: t('settings.personal.saved'), description: t('settings.personal.savedText'), variant: 'success' });
      if (languageChanged) {
        // The interface follows the new language (server-rendered texts need a reload).
        rememberLanguage(saved.language);
        window.setTimeout(() => location.reload(), 600);
      }
    } catch (err) {
      const key = err instanceof ApiError ? err.i18nKey : 'common.errors.unknownError';
      if (err instanceof ApiError && err.cancelled) return;
      pushToast({ title: t('settings.personal.saveFailed'), description: t(key), variant: 'error' });
    }
  });

  const givenError = fieldError('given_name');
  const familyError = fieldError('family_name');

  return (
    <section className={styles.card} aria-labelledby="personal-heading">
      <div className={styles.cardHead}>
        <h2 id="personal-heading" className={styles.cardTitle}>
          {t('settings.personal.heading')}
        </h2>
        <p className={styles.cardIntro}>{t('settings.personal.intro')}</p>
      </div>
      <div className={styles.emailRow}>
        <div className={styles.emailInfo}>
          <span className={styles.label}>{t('settings.personal.email')}</span>
          <span className={styles.emailValue} data-testid="settings-email">
            {email}
          </span>
          {profile.emailVerified !== null && (
            <span className={profile.emailVerified ? styles.pillOk : styles.pillMuted}>{profile.emailVerified ? t('settings.personal.emailVerified') : t('settings.personal.emailNotVerified')}</span>
          )}
        </div>
        <Button variant="secondary" size="sm" onClick={() => setEmailOpen(true)}>
          {t('settings.personal.changeEmail')}
        </Button>
      </div>
      <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className={styles.grid}>
          <div className="field">
            <label htmlFor="settings-given-name">{t('settings.personal.givenName')}</label>
            <input id="settings-given-name" className="input" autoComplete="given-name" aria-invalid={givenError ? true : undefined} aria-describedby={givenError ? 'settings-given-name-error' : undefined} {...register('given_name')} />
            {givenError && (
              <p id="settings-given-name-error" className={styles.fieldError}>
                {givenError}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="settings-family-name">{t('settings.personal.familyName')}</label>
            <input id="settings-family-name" className="input" autoComplete="family-name" aria-invalid={familyError ? true : undefined} aria-describedby={familyError ? 'settings-family-name-error' : undefined} {...register('family_name')} />
            {familyError && (
              <p id="settings-family-name-error" className={styles.fieldError}>
                {familyError}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="settings-language">{t('settings.personal.language')}</label>
            <select id="settings-language" className={`input ${styles.select}`} {...register('language')}>
              {LANGUAGES.map((lng) => (
                <option key={lng} value={lng} lang={lng}>
                  {t(`languages.${lng}`)}
                </option>
              ))}
            </select>
          </div>
          {multiPartner && (
            <div className="field">
              <label htmlFor="settings-multi-partner">{t('settings.personal.multiPartnerView')}</label>
              <select id="settings-multi-partner" className={`input ${styles.select}`} aria-describedby="settings-multi-partner-hint" {...register('multi_partner_view')}>
                {MULTI_PARTNER_VIEWS.map((v) => (
                  <option key={v} value={v}>
                    {t(`settings.personal.multiPartnerViews.${v}`)}
                  </option>
                ))}
              </select>
              <p id="settings-multi-partner-hint" className={styles.hint}>
                {t('settings.personal.multiPartnerViewHint')}
              </p>
            </div>
          )}
        </div>
        <div className={styles.formActions}>
          <Button type="submit" busy={isSubmitting} disabled={!isDirty}>
            {isSubmitting ? t('settings.personal.saving') : t('settings.personal.save')}
          </Button>
        </div>
      </form>
      <EmailChangeDialog open={emailOpen} onOpenChange={setEmailOpen} currentEmail={email} onChanged={setEmail} />
    </section>
  );
}

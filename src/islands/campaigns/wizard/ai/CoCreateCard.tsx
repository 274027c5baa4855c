// The co-create helper of the creative form (spec 2 §2 "a co-create helper for bodies and
// headlines", "a co-create card with language picker"): pick one of the 12 languages (it is the
// creative's language, so it also steers autofill), ask for suggestions, and use the ones you like.
// A new request cancels the one before it; so does leaving. Texts: campaigns.wizard.ai.*.
import { useEffect, useId, useRef, useState } from 'react';
import type { CreativeLanguage } from '../../../../lib/contracts/setup-process';
import { CREATIVE_LANGUAGE_CODES } from '../../../../lib/campaigns/setup-constants';
import { generateCreatives } from '../../../../lib/api/creativeCopy';
import { useTranslation } from '../../../../lib/i18n/react';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { SandboxBadge } from '../../../ui/SandboxBadge';
import styles from './ai.module.css';

export interface CoCreateCardProps {
  eventId: string;
  tc: number;
  tcRunId: number;
  language: CreativeLanguage;
  onLanguageChange(language: CreativeLanguage): void;
  /** Put a suggestion into the first blank entry of the field (or append). */
  onUse(field: 'headline' | 'body', text: string): void;
  disabled?: boolean;
}

type Field = 'body' | 'headline';
const FIELDS: Field[] = ['body', 'headline'];
type Suggestions = Record<Field, string[]>;
type State = { status: 'idle' } | { status: 'loading' } | { status: 'error' } | { status: 'ready'; suggestions: Suggestions; sandbox: boolean };

export function CoCreateCard({ eventId, tc, tcRunId, language, onLanguageChange, onUse, disabled }: CoCreateCardProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'idle' });
  const [used, setUsed] = useState<Set<string>>(new Set());
  const request = useRef<AbortController | null>(null);
  const id = useId();

  useEffect(() => () => request.current?.abort(), []);

  const suggest = async (lang: CreativeLanguage = language) => {
    request.current?.abort();
    const ctrl = new AbortController();
    request.current = ctrl;
    setState({ status: 'loading' });
    setUsed(new Set());
    try {
      const [body, headline] = await Promise.all(FIELDS.map((field) => generateCreatives({ eventId, tc, tcRunId, field, language: lang }, ctrl.signal)));
      if (ctrl.signal.aborted) return;
      const ok = body!.success && headline!.success && (body!.results.length > 0 || headline!.results.length > 0);
      setState(ok ? { status: 'ready', suggestions: { body: body!.results, headline: headline!.results }, sandbox: body!.sandbox || headline!.sandbox } : { status: 'error' });
    } catch {
      if (!ctrl.signal.aborted) setState({ status: 'error' });
    }
  };

  const changeLanguage = (lang: CreativeLanguage) => {
    onLanguageChange(lang);
    // Suggestions on screen follow the language at once; before the first request nothing is asked.
    if (state.status !== 'idle') void suggest(lang);
  };

  const loading = state.status === 'loading';
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`} data-testid="co-create-card">
      <div className={styles.cardHead}>
        <Icon name="sparkle" size={18} />
        <h3 id={`${id}-title`} className={styles.cardTitle}>
          {t('campaigns.wizard.ai.coCreate.title')}
        </h3>
        {state.status === 'ready' && state.sandbox && <SandboxBadge title={t('campaigns.wizard.ai.sandboxHint')} />}
      </div>
      <p className={styles.cardText}>{t('campaigns.wizard.ai.coCreate.intro')}</p>
      <div className={styles.controls}>
        <label className={styles.languageField} htmlFor={`${id}-lang`}>
          <span className={styles.languageLabel}>{t('campaigns.wizard.ai.coCreate.language')}</span>
          <select id={`${id}-lang`} className={styles.select} value={language} disabled={disabled} onChange={(e) => changeLanguage(e.target.value as CreativeLanguage)}>
            {CREATIVE_LANGUAGE_CODES.map((code) => (
              <option key={code} value={code}>
                {t(`campaigns.wizard.ai.languages.${code}`)}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" busy={loading} disabled={disabled} onClick={() => void suggest()} icon={<Icon name="sparkle" size={16} />}>
          {state.status === 'ready' ? t('campaigns.wizard.ai.coCreate.again') : t('campaigns.wizard.ai.coCreate.suggest')}
        </Button>
      </div>

      {loading && (
        <p className={styles.loading} role="status" aria-live="polite">
          <span className={styles.spinner} aria-hidden="true" />
          {t('campaigns.wizard.ai.loading.wait')}
        </p>
      )}
      {state.status === 'error' && (
        <div className={styles.errorBox} role="alert">
          <span>{t('campaigns.wizard.ai.error.message')}</span>
          <Button variant="secondary" size="sm" onClick={() => void suggest()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {state.status === 'ready' &&
        FIELDS.map((field) =>
          state.suggestions[field].length ? (
            <div key={field} className={styles.group}>
              <h4 className={styles.groupTitle}>{t(`campaigns.wizard.ai.coCreate.${field}`)}</h4>
              <ul className={styles.suggestions}>
                {state.suggestions[field].map((text) => {
                  const key = `${field}:${text}`;
                  const isUsed = used.has(key);
                  return (
                    <li key={key} className={styles.suggestion}>
                      <span className={styles.suggestionText}>{text}</span>
                      <Button
                        variant={isUsed ? 'ghost' : 'secondary'}
                        size="sm"
                        disabled={disabled || isUsed}
                        icon={isUsed ? <Icon name="check" size={16} /> : undefined}
                        aria-label={isUsed ? t('campaigns.wizard.ai.coCreate.used') : t('campaigns.wizard.ai.coCreate.useLabel', { text })}
                        onClick={() => {
                          onUse(field, text);
                          setUsed((prev) => new Set(prev).add(key));
                        }}
                      >
                        {isUsed ? t('campaigns.wizard.ai.coCreate.used') : t('campaigns.wizard.ai.coCreate.use')}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : null,
        )}
    </section>
  );
}

// spec 2 §2 Geo-targeting dialogs / §4 Postal-code dialog: country, chip input, Match, the
// success, partial and error results, a summary per country, and the prompts before changes are
// lost. The states are the pure reducer of postalCodeDialog.ts; this file runs the match call and
// draws them. Loaded lazily by TargetingForm.
import { useEffect, useId, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { POSTAL_COUNTRIES, type PostalCountry } from '../../../../lib/contracts/fb-targeting';
import { matchZipCodes } from '../../../../lib/api/fbTargeting';
import { useTranslation } from '../../../../lib/i18n/react';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { Modal } from '../../../ui/Modal';
import { countryName } from './countryNames';
import { canMatch, initPostalDialog, postalDialogReducer, SUCCESS_SUMMARY_MS, type PostalCodes, type PostalDialogState } from './postalCodeDialog';
import { unmatchedCsv, UNMATCHED_CSV_NAME } from './postalCodes';
import { ConfirmBar } from './ConfirmBar';
import { apiErrorOf, knownText } from './errors';
import styles from './Dialogs.module.css';

const K = 'campaigns.wizard.targeting.postal';
/** Codes shown per country in the summary before "+N more". */
const SUMMARY_CODES = 24;

export function PostalCodeDialog({ saved, onSave, onClose }: { saved: PostalCodes; onSave: (codes: PostalCodes) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [s, dispatch] = useReducer(postalDialogReducer, saved, initPostalDialog);

  useEffect(() => {
    if (s.outcome === 'saved') onSave(s.draft);
    else if (s.outcome === 'closed') onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [s.outcome]);

  // The match call runs while the state says so; leaving the state (close) cancels it.
  useEffect(() => {
    if (s.view !== 'matching' || !s.country) return;
    const ac = new AbortController();
    matchZipCodes(s.country, s.chips, ac.signal).then(
      (r) => dispatch({ type: 'matchDone', matched: r.matched_zips, unmatched: r.unmatched_zips }),
      async (err: unknown) => {
        const e = await apiErrorOf(err);
        if (!e.cancelled) dispatch({ type: 'matchFailed', error: e.i18nKey });
      },
    );
    return () => ac.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [s.view]);

  // spec 2 §9: after a full match the summary follows in 3 s.
  useEffect(() => {
    if (s.view !== 'success') return;
    const timer = setTimeout(() => dispatch({ type: 'toSummary' }), SUCCESS_SUMMARY_MS);
    return () => clearTimeout(timer);
  }, [s.view]);

  const lng = i18n.language;
  return (
    <Modal open onOpenChange={(open) => !open && dispatch({ type: 'close' })} title={t(`${K}.dialogTitle`)} description={t(`${K}.dialogDescription`)} closeLabel={t('common.close')} wide>
      <div className={styles.dialogBody} data-view={s.view} data-testid="postal-dialog">
        {s.view === 'summary' ? <Summary s={s} dispatch={dispatch} lng={lng} /> : s.view === 'success' || s.view === 'partial' ? <Result s={s} lng={lng} /> : <Edit s={s} dispatch={dispatch} lng={lng} />}
      </div>
      {s.prompt ? (
        <ConfirmBar
          message={t(`${K}.prompt.${s.prompt.kind}`, { count: s.prompt.count })}
          confirmLabel={t(`${K}.prompt.${s.prompt.kind}Confirm`)}
          cancelLabel={t('campaigns.wizard.targeting.cancel')}
          onConfirm={() => dispatch({ type: 'confirm' })}
          onCancel={() => dispatch({ type: 'cancelPrompt' })}
        />
      ) : (
        <Footer s={s} dispatch={dispatch} />
      )}
    </Modal>
  );
}

type Dispatch = (a: Parameters<typeof postalDialogReducer>[1]) => void;

function Edit({ s, dispatch, lng }: { s: PostalDialogState; dispatch: Dispatch; lng: string }) {
  const { t } = useTranslation();
  const uid = useId();
  const [query, setQuery] = useState('');
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const countries = POSTAL_COUNTRIES.map((code) => ({ code, name: countryName(code, lng) }))
    .filter((c) => !query.trim() || c.name.toLowerCase().includes(query.trim().toLowerCase()) || c.code.toLowerCase() === query.trim().toLowerCase())
    .sort((a, b) => a.name.localeCompare(b.name, lng));
  const busy = s.view === 'matching';

  const commit = (value: string) => {
    if (value.trim()) dispatch({ type: 'type', text: value });
    setText('');
  };
  // Separators typed or pasted turn what precedes them into chips; the rest stays in the input.
  const onText = (value: string) => {
    const last = Math.max(value.lastIndexOf(','), value.lastIndexOf(';'), value.lastIndexOf('\n'));
    if (last < 0) return setText(value);
    dispatch({ type: 'type', text: value.slice(0, last) });
    setText(value.slice(last + 1));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit(text);
    } else if (e.key === 'Backspace' && !text && s.chips.length) {
      dispatch({ type: 'removeChip', code: s.chips[s.chips.length - 1]! });
    }
  };

  return (
    <>
      <div className="field">
        <label htmlFor={`${uid}-country`}>{t(`${K}.country`)}</label>
        <input
          id={`${uid}-country`}
          className="input"
          type="search"
          autoComplete="off"
          placeholder={t(`${K}.countrySearch`)}
          value={query}
          disabled={busy}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            // Enter on a search that leaves one country chooses it.
            if (e.key !== 'Enter' || countries.length !== 1) return;
            e.preventDefault();
            dispatch({ type: 'country', country: countries[0]!.code as PostalCountry });
            input.current?.focus();
          }}
        />
        <div className={styles.countryList} role="radiogroup" aria-label={t(`${K}.country`)}>
          {countries.map((c) => (
            <button
              key={c.code}
              type="button"
              role="radio"
              aria-checked={s.country === c.code}
              className={styles.countryOption}
              disabled={busy}
              onClick={() => {
                dispatch({ type: 'country', country: c.code as PostalCountry });
                input.current?.focus();
              }}
            >
              {s.country === c.code && <Icon name="check" size={16} />}
              {c.name}
            </button>
          ))}
          {countries.length === 0 && <span className={styles.hint}>{t(`${K}.noCountry`)}</span>}
        </div>
      </div>

      <div className="field">
        <label htmlFor={`${uid}-codes`}>{t(`${K}.codes`)}</label>
        <div className={styles.chipBox} data-disabled={!s.country || busy || undefined} onClick={() => input.current?.focus()}>
          <ul className={styles.chips} aria-label={t(`${K}.codesList`, { count: s.chips.length })}>
            {s.chips.map((c) => (
              <li key={c} className={styles.chip}>
                {c}
                <button type="button" className={styles.chipRemove} aria-label={t(`${K}.removeCode`, { code: c })} disabled={busy} onClick={() => dispatch({ type: 'removeChip', code: c })}>
                  <Icon name="close" size={12} />
                </button>
              </li>
            ))}
          </ul>
          <input
            ref={input}
            id={`${uid}-codes`}
            className={styles.chipInput}
            value={text}
            disabled={!s.country || busy}
            placeholder={s.country ? t(`${K}.codesPlaceholder`) : t(`${K}.countryFirst`)}
            aria-describedby={`${uid}-codes-hint`}
            onChange={(e) => onText(e.target.value)}
            onPaste={(e) => {
              e.preventDefault();
              onText(text + e.clipboardData.getData('text') + '\n');
            }}
            onKeyDown={onKeyDown}
            onBlur={() => commit(text)}
          />
        </div>
        <p id={`${uid}-codes-hint`} className={styles.hint}>
          {s.country ? t(`${K}.codesHint`) : t(`${K}.countryFirst`)}
        </p>
        {s.cut > 0 && <p className="alert alert--warning">{t(`${K}.cut`, { count: s.cut })}</p>}
      </div>

      {s.view === 'error' && (
        <p className="alert alert--error" role="alert">
          {knownText(t, s.error, `${K}.serverError`)}
        </p>
      )}
      {busy && (
        <p className={styles.status} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          {t(`${K}.matching`)}
        </p>
      )}
    </>
  );
}

function Result({ s, lng }: { s: PostalDialogState; lng: string }) {
  const { t } = useTranslation();
  const country = s.country ? countryName(s.country, lng) : '';
  if (s.view === 'success') {
    return (
      <div className={styles.result} role="status">
        <Icon name="check" size={28} />
        <p>
          <strong>{t(`${K}.success`, { count: s.matched.length, country })}</strong>
        </p>
        <p className={styles.hint}>{t(`${K}.successNext`)}</p>
      </div>
    );
  }
  const download = () => {
    const url = URL.createObjectURL(new Blob([unmatchedCsv(s.unmatched, s.country ?? '')], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = UNMATCHED_CSV_NAME;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className={styles.partial}>
      <p className="alert alert--warning" role="status">
        {t(`${K}.partial`, { matched: s.matched.length, total: s.matched.length + s.unmatched.length, country })}
      </p>
      <p className={styles.groupLabel}>{t(`${K}.unmatched`, { count: s.unmatched.length })}</p>
      <ul className={styles.chips} aria-label={t(`${K}.unmatched`, { count: s.unmatched.length })}>
        {s.unmatched.map((c) => (
          <li key={c} className={`${styles.chip} ${styles.chipBad}`}>
            {c}
          </li>
        ))}
      </ul>
      <Button variant="secondary" size="sm" iconName="download" onClick={download}>
        {t(`${K}.download`)}
      </Button>
      {s.matched.length > 0 && (
        <>
          <p className={styles.groupLabel}>{t(`${K}.matched`, { count: s.matched.length })}</p>
          <ul className={styles.chips}>
            {s.matched.map((l) => (
              <li key={l.key} className={styles.chip} title={l.primary_city ?? undefined}>
                {l.name}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function Summary({ s, dispatch, lng }: { s: PostalDialogState; dispatch: Dispatch; lng: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.summary}>
      {Object.entries(s.draft).map(([cc, list]) => (
        <section key={cc} className={styles.summaryGroup} aria-label={countryName(cc, lng)}>
          <header className={styles.summaryHead}>
            <h3>{countryName(cc, lng)}</h3>
            <span className={styles.hint}>{t(`${K}.countryCount`, { count: list.length })}</span>
            <span className={styles.actions}>
              <Button variant="ghost" size="sm" iconName="edit" onClick={() => dispatch({ type: 'editCountry', country: cc as PostalCountry })} aria-label={t(`${K}.editCountry`, { country: countryName(cc, lng) })}>
                {t(`${K}.editShort`)}
              </Button>
              <Button variant="ghost" size="sm" iconName="close" onClick={() => dispatch({ type: 'removeCountry', country: cc })} aria-label={t(`${K}.removeCountry`, { country: countryName(cc, lng) })}>
                {t(`${K}.removeShort`)}
              </Button>
            </span>
          </header>
          <ul className={styles.chips}>
            {list.slice(0, SUMMARY_CODES).map((l) => (
              <li key={l.key} className={styles.chip} title={l.primary_city ?? undefined}>
                {l.name}
              </li>
            ))}
            {list.length > SUMMARY_CODES && <li className={styles.hint}>{t('campaigns.wizard.targeting.more', { count: list.length - SUMMARY_CODES })}</li>}
          </ul>
        </section>
      ))}
      <Button variant="secondary" size="sm" iconName="plus" onClick={() => dispatch({ type: 'addAnother' })}>
        {t(`${K}.addAnother`)}
      </Button>
    </div>
  );
}

function Footer({ s, dispatch }: { s: PostalDialogState; dispatch: Dispatch }) {
  const { t } = useTranslation();
  const edit = s.view === 'edit' || s.view === 'error' || s.view === 'matching';
  return (
    <div className={styles.footer}>
      {(s.view === 'summary' || edit) && (
        <Button
          variant="ghost"
          disabled={s.view === 'matching' || (s.view === 'summary' ? Object.keys(s.draft).length === 0 : s.chips.length === 0)}
          onClick={() => dispatch(s.view === 'summary' ? { type: 'clearAll' } : { type: 'clearChips' })}
        >
          {t(`${K}.clearAll`)}
        </Button>
      )}
      <span className={styles.spacer} />
      <Button variant="secondary" iconName="arrowLeft" disabled={s.view === 'matching'} onClick={() => dispatch({ type: 'back' })}>
        {t('campaigns.wizard.targeting.back')}
      </Button>
      {edit ? (
        <Button busy={s.view === 'matching'} disabled={!canMatch(s)} onClick={() => dispatch({ type: 'matchStart' })}>
          {t(`${K}.match`)}
        </Button>
      ) : (
        <Button onClick={() => dispatch({ type: 'next' })}>{t(s.view === 'summary' ? `${K}.save` : 'campaigns.wizard.targeting.next')}</Button>
      )}
    </div>
  );
}

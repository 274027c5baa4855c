// Customer ID matching (spec 3 §4): the ids to exclude or include are pasted, split and de-duplicated
// (§5), then checked against the partner's customers (POST /customers/). States: idle, loading,
// success (all matched; saves itself after 3 s), partial (the unmatched ids listed read-only and
// downloadable as unmatched_ids.csv; finishing keeps only the matched ones) and serverError (a
// message with the counts, and Try again). Closing with unsaved changes asks first; the input
// takes the focus 100 ms after the dialog opened (§9).
import { useEffect, useId, useRef, useState } from 'react';
import { matchCustomerIds } from '../../../lib/api/packages';
import { useTranslation } from '../../../lib/i18n/react';
import { invalidCustomerIds, PB, splitCustomerIds, UNMATCHED_FILE, unmatchedCsv } from '../../../lib/packages/rules';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import styles from './Wizard.module.css';

export type MatchPhase = 'idle' | 'loading' | 'success' | 'partial' | 'serverError';

export interface MatchFlags {
  loading: boolean;
  success: boolean;
  serverError: boolean;
  unmatchedIds: string[];
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function IdMatchDialog({
  open,
  onOpenChange,
  qualifier,
  savedIds,
  onFinish,
  onFlags,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  qualifier: 'exclude' | 'include';
  savedIds: string[];
  /** The ids kept (matched only) and those left out. */
  onFinish(ids: string[], unmatched: string[]): void;
  /** The saved state's matching flags (spec 3 §3 customerIds.loading, success, serverError, unmatchedIds). */
  onFlags(flags: MatchFlags): void;
}) {
  const { t } = useTranslation();
  const uid = useId();
  const [text, setText] = useState('');
  const [phase, setPhase] = useState<MatchPhase>('idle');
  const [matched, setMatched] = useState<string[]>([]);
  const [unmatched, setUnmatched] = useState<string[]>([]);
  const [checkedCount, setCheckedCount] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [touched, setTouched] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const resultBox = useRef<HTMLDivElement>(null);
  const controller = useRef<AbortController | null>(null);

  // Each opening starts from the saved ids.
  useEffect(() => {
    if (!open) return;
    setText(savedIds.join('\n'));
    setPhase('idle');
    setMatched([]);
    setUnmatched([]);
    setTouched(false);
    setConfirming(false);
    const timer = setTimeout(() => input.current?.focus(), PB.matchFocusMs);
    return () => clearTimeout(timer);
    // savedIds is read when the dialog opens, not followed while it is open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => () => controller.current?.abort(), []);

  const ids = splitCustomerIds(text);
  const invalid = invalidCustomerIds(ids);
  const tooMany = ids.length > PB.maxCustomerIds;
  const problem =
    ids.length === 0
      ? t('packages.wizard.idMatch.empty')
      : tooMany
        ? t('packages.wizard.idMatch.tooMany', { max: PB.maxCustomerIds })
        : invalid.length
          ? t('packages.wizard.idMatch.invalid', {
              ids: invalid.slice(0, 5).join(', ') + (invalid.length > 5 ? ' …' : ''),
            })
          : null;
  const dirty = !sameList(ids, savedIds);

  const finish = (keep: string[], left: string[]) => {
    onFinish(keep, left);
    onOpenChange(false);
  };

  // spec 3 §4: the all-matched state finishes by itself after 3 s.
  useEffect(() => {
    if (phase !== 'success') return;
    const timer = setTimeout(() => finish(matched, []), PB.matchAutoFinishMs);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase, matched]);

  // A new state's message takes the focus (the button that was pressed is gone or busy).
  useEffect(() => {
    if (phase === 'success' || phase === 'partial' || phase === 'serverError') resultBox.current?.focus();
  }, [phase]);

  const check = async () => {
    setTouched(true);
    if (problem) {
      input.current?.focus();
      return;
    }
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setCheckedCount(ids.length);
    setPhase('loading');
    onFlags({
      loading: true,
      success: false,
      serverError: false,
      unmatchedIds: [],
    });
    try {
      const r = await matchCustomerIds(ids, c.signal);
      setMatched(r.matched);
      setUnmatched(r.unmatched_ids);
      const all = r.unmatched_ids.length === 0;
      setPhase(all ? 'success' : 'partial');
      onFlags({
        loading: false,
        success: all,
        serverError: false,
        unmatchedIds: r.unmatched_ids,
      });
    } catch (err) {
      if ((err as { cancelled?: boolean }).cancelled) return;
      setPhase('serverError');
      onFlags({
        loading: false,
        success: false,
        serverError: true,
        unmatchedIds: [],
      });
    }
  };

  const download = () => {
    const blob = new Blob([unmatchedCsv(unmatched)], {
      type: 'text/csv;charset=utf-8',
    });
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = UNMATCHED_FILE;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  };

  // spec 3 §4: closing with unsaved changes asks for confirmation (a finished check has saved).
  const requestClose = (next: boolean) => {
    if (next) return onOpenChange(true);
    if (phase === 'loading') controller.current?.abort();
    if (dirty && phase !== 'success') {
      setConfirming(true);
      return;
    }
    onOpenChange(false);
  };

  const title = t(qualifier === 'exclude' ? 'packages.wizard.idMatch.titleExclude' : 'packages.wizard.idMatch.titleInclude');
  const editing = phase === 'idle' || phase === 'serverError';
  const showProblem = touched && problem && editing;

  return (
    <Modal open={open} onOpenChange={requestClose} title={title} description={t('packages.wizard.idMatch.description')} closeLabel={t('packages.wizard.idMatch.cancel')} wide>
      <div className={styles.match} data-testid="id-match-dialog" data-phase={phase}>
        <div className="field">
          <label htmlFor={`${uid}-ids`}>{t('packages.wizard.idMatch.label')}</label>
          <textarea
            ref={input}
            id={`${uid}-ids`}
            className={`input ${styles.textarea}`}
            value={text}
            readOnly={!editing}
            rows={7}
            spellCheck={false}
            onChange={(e) => {
              setText(e.target.value);
              if (phase === 'serverError') setPhase('idle');
            }}
            aria-invalid={showProblem ? true : undefined}
            aria-describedby={`${uid}-count${showProblem ? ` ${uid}-problem` : ''}`}
          />
          <p id={`${uid}-count`} className={styles.hint}>
            {t('packages.wizard.idMatch.count', { count: ids.length })}
          </p>
          {showProblem && (
            <p id={`${uid}-problem`} className={styles.fieldError} role="alert">
              {problem}
            </p>
          )}
        </div>

        {phase === 'loading' && (
          <p className={styles.matchStatus} role="status">
            <span className={styles.spinner} aria-hidden="true" />
            {t('packages.wizard.idMatch.checking', { count: checkedCount })}
          </p>
        )}
        {phase === 'success' && (
          <div ref={resultBox} tabIndex={-1} className={`${styles.matchResult} ${styles.matchSuccess}`} role="status" data-testid="id-match-success">
            <p>{t('packages.wizard.idMatch.success', { count: matched.length })}</p>
            <p className={styles.hint}>{t('packages.wizard.idMatch.autoFinish')}</p>
          </div>
        )}
        {phase === 'partial' && (
          <div ref={resultBox} tabIndex={-1} className={styles.matchResult} role="status" data-testid="id-match-partial">
            <p>
              {t('packages.wizard.idMatch.partial', {
                count: unmatched.length,
                matched: matched.length,
                total: matched.length + unmatched.length,
                unmatched: unmatched.length,
              })}
            </p>
            <div className="field">
              <label htmlFor={`${uid}-unmatched`}>{t('packages.wizard.idMatch.unmatchedLabel')}</label>
              <textarea
                id={`${uid}-unmatched`}
                className={`input ${styles.textarea}`}
                value={unmatched.join('\n')}
                readOnly
                rows={Math.min(6, Math.max(2, unmatched.length))}
                data-testid="id-match-unmatched"
              />
            </div>
          </div>
        )}
        {phase === 'serverError' && (
          <div ref={resultBox} tabIndex={-1} className={`alert alert--error ${styles.matchResult}`} role="alert" data-testid="id-match-error">
            {t('packages.wizard.idMatch.serverError', { count: checkedCount })}
          </div>
        )}

        <div className={styles.dialogActions}>
          {phase === 'partial' ? (
            <>
              <Button variant="ghost" onClick={() => setPhase('idle')}>
                {t('packages.wizard.idMatch.edit')}
              </Button>
              <Button variant="secondary" iconName="download" onClick={download}>
                {t('packages.wizard.idMatch.download')}
              </Button>
              <Button onClick={() => finish(matched, unmatched)} data-testid="id-match-finish">
                {matched.length
                  ? t('packages.wizard.idMatch.useMatched', {
                      count: matched.length,
                    })
                  : t('packages.wizard.idMatch.useNone')}
              </Button>
            </>
          ) : phase === 'success' ? (
            <Button onClick={() => finish(matched, [])}>{t('packages.wizard.idMatch.done')}</Button>
          ) : (
            <>
              {savedIds.length > 0 && phase !== 'loading' && (
                <Button variant="ghost" onClick={() => finish([], [])}>
                  {t('packages.wizard.idMatch.removeAll')}
                </Button>
              )}
              <Button variant="secondary" onClick={() => requestClose(false)}>
                {t('packages.wizard.idMatch.cancel')}
              </Button>
              <Button onClick={() => void check()} busy={phase === 'loading'} data-testid="id-match-check">
                {phase === 'serverError' ? t('packages.wizard.idMatch.retry') : t('packages.wizard.idMatch.check')}
              </Button>
            </>
          )}
        </div>
      </div>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={t('packages.wizard.idMatch.confirmTitle')}
        description={t('packages.wizard.idMatch.confirmText')}
        closeLabel={t('packages.wizard.idMatch.keepEditing')}
      >
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('packages.wizard.idMatch.keepEditing')}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              setConfirming(false);
              onFlags({
                loading: false,
                success: false,
                serverError: false,
                unmatchedIds: [],
              });
              onOpenChange(false);
            }}
            data-testid="id-match-discard"
          >
            {t('packages.wizard.idMatch.discard')}
          </Button>
        </div>
      </Modal>
    </Modal>
  );
}

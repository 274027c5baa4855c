// The cluster's topic keywords as chips (spec 2 §2, §4 Topic report and autofill, §9): four shown
// until "show more", labels cut at 30 characters (40 on wide screens). A click opens a popover with
// a 10 s countdown and a comment box; Send reports with the comment, the countdown running out or a
// click outside reports with '_'. A reported keyword is disabled.
import { useEffect, useId, useRef, useState } from 'react';
import { Popover } from 'radix-ui';
import type { TopicKeyword } from '../../../../lib/contracts/taste-clusters';
import { useTranslation } from '../../../../lib/i18n/react';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { KEYWORDS_SHOWN, REPORT_COUNTDOWN_S, chipLabel, reportDescription, visibleKeywords } from './creativeFormRules';
import { useWideScreen } from './useWideScreen';
import styles from './CreativeForm.module.css';

export function KeywordChips({
  keywords,
  onReport,
  disabled,
}: {
  keywords: TopicKeyword[];
  /** Sends the report; rejects when the server refused it. */
  onReport(keyword: string, description: string): Promise<unknown>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const uid = useId();
  const wide = useWideScreen();
  const [expanded, setExpanded] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [reported, setReported] = useState<Set<string>>(() => new Set(keywords.filter((k) => k.is_reported).map((k) => k.keyword)));
  const [failed, setFailed] = useState<string | null>(null);

  // The cluster's own flags can arrive later (a reload of the setup): they only ever add.
  useEffect(() => {
    const fromServer = keywords.filter((k) => k.is_reported).map((k) => k.keyword);
    if (fromServer.some((k) => !reported.has(k))) setReported((s) => new Set([...s, ...fromServer]));
  }, [keywords, reported]);

  const send = (keyword: string, comment: string | null) => {
    setOpen(null);
    if (reported.has(keyword)) return;
    setFailed(null);
    // Disabled at once: a second click must not send a second report while the first is on its way.
    setReported((s) => new Set(s).add(keyword));
    onReport(keyword, reportDescription(comment)).catch(() => {
      setReported((s) => {
        const next = new Set(s);
        next.delete(keyword);
        return next;
      });
      setFailed(keyword);
    });
  };

  if (!keywords.length) return null;
  const shown = visibleKeywords(keywords, expanded);

  return (
    <div className={styles.keywords}>
      <p id={`${uid}-label`} className={styles.label}>
        {t('campaigns.wizard.creative.keywords.label')}
      </p>
      <p className={styles.hint}>{t('campaigns.wizard.creative.keywords.hint')}</p>
      <ul className={styles.chips} aria-labelledby={`${uid}-label`}>
        {shown.map(({ keyword }) => {
          const isReported = reported.has(keyword);
          const label = chipLabel(keyword, wide);
          return (
            <li key={keyword}>
              <Popover.Root open={open === keyword} onOpenChange={(next) => (next ? setOpen(keyword) : send(keyword, null))}>
                <Popover.Trigger asChild>
                  <button
                    type="button"
                    className={styles.chip}
                    disabled={disabled || isReported}
                    title={label === keyword ? undefined : keyword}
                    aria-label={isReported ? t('campaigns.wizard.creative.keywords.reported', { keyword }) : t('campaigns.wizard.creative.keywords.report', { keyword })}
                    data-reported={isReported || undefined}
                  >
                    {label}
                    {isReported && <Icon name="flag" size={14} />}
                  </button>
                </Popover.Trigger>
                <Popover.Portal>
                  <Popover.Content className={styles.popover} sideOffset={6} collisionPadding={8} align="start">
                    <ReportPopover keyword={keyword} onSend={(comment) => send(keyword, comment)} onTimeout={() => send(keyword, null)} />
                    <Popover.Arrow className={styles.popoverArrow} />
                  </Popover.Content>
                </Popover.Portal>
              </Popover.Root>
            </li>
          );
        })}
      </ul>
      {keywords.length > KEYWORDS_SHOWN && (
        <button type="button" className={styles.linkButton} onClick={() => setExpanded((e) => !e)} aria-expanded={expanded}>
          {expanded ? t('campaigns.wizard.creative.keywords.showLess') : t('campaigns.wizard.creative.keywords.showMore', { count: keywords.length - KEYWORDS_SHOWN })}
        </button>
      )}
      <p className={styles.fieldError} role="status">
        {failed ? t('common.errors.inServerResponse') : ''}
      </p>
    </div>
  );
}

function ReportPopover({ keyword, onSend, onTimeout }: { keyword: string; onSend(comment: string): void; onTimeout(): void }) {
  const { t } = useTranslation();
  const uid = useId();
  const [left, setLeft] = useState(REPORT_COUNTDOWN_S);
  const [comment, setComment] = useState('');
  const timeout = useRef(onTimeout);
  timeout.current = onTimeout;
  // Typing pauses the countdown: sending '_' would throw away the comment being written.
  const paused = comment.trim().length > 0;

  useEffect(() => {
    if (paused) return;
    if (left <= 0) {
      timeout.current();
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, paused]);

  return (
    <form
      className={styles.report}
      onSubmit={(e) => {
        e.preventDefault();
        onSend(comment);
      }}
    >
      <p className={styles.reportTitle}>{t('campaigns.wizard.creative.keywords.popoverTitle', { keyword })}</p>
      <p className={styles.hint} aria-live="off">
        {paused ? t('campaigns.wizard.creative.keywords.paused') : t('campaigns.wizard.creative.keywords.countdown', { count: left })}
      </p>
      <label htmlFor={`${uid}-comment`} className={styles.label}>
        {t('campaigns.wizard.creative.keywords.comment')}
      </label>
      <textarea id={`${uid}-comment`} className={`input ${styles.entryInput}`} rows={3} maxLength={500} value={comment} onChange={(e) => setComment(e.target.value)} autoFocus />
      <Button type="submit" size="sm">
        {t('campaigns.wizard.creative.keywords.send')}
      </Button>
    </form>
  );
}

// One list field of a creative (spec 2 §5: headline, body or destination URL): three entries shown,
// up to five with the add button (a tooltip at the limit), removal only past the minimum, a counter
// per entry, and for URLs the pattern check on blur.
import { useId, useState, type ClipboardEvent, type ReactNode } from 'react';
import { CREATIVE_LIST, CREATIVE_TEXT } from '../../../../lib/campaigns/setup-constants';
import { useTranslation } from '../../../../lib/i18n/react';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { Tooltip } from '../../../ui/Tooltip';
import { CharCounter, PasteCutNote } from './CharCounter';
import { usePasteCut } from './usePasteCut';
import { addEntry, canAddEntry, canRemoveEntry, removeEntry, setEntry, shownEntries, urlError, type ListField } from './creativeFormRules';
import styles from './CreativeForm.module.css';

export function TextList({
  field,
  values,
  onChange,
  label,
  hint,
  action,
  required,
  readOnly,
  disabled,
  error,
  reveal,
}: {
  field: ListField;
  values: string[];
  onChange(next: string[]): void;
  label: string;
  hint?: string;
  /** Beside the label: the autofill button. */
  action?: ReactNode;
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  /** A list-level error from the publish check (e.g. common.errors.fillRequired). */
  error?: string | null;
  /** Check every URL entry now, not only after its blur (the publish check found a bad one). */
  reveal?: boolean;
}) {
  const { t } = useTranslation();
  const uid = useId();
  const [touched, setTouched] = useState<Set<number>>(new Set());
  const entries = shownEntries(values);
  const multiline = field === 'body';
  const isUrl = field === 'destination_url';
  const max = CREATIVE_TEXT[field].max;
  const atLimit = !canAddEntry(values);
  const locked = disabled || readOnly;
  const paste = usePasteCut(max, multiline);

  const change = (index: number, raw: string) => {
    paste.onEdit(index);
    onChange(setEntry(values, index, isUrl ? raw.trim() : raw));
  };
  const blur = (index: number) => setTouched((s) => (s.has(index) ? s : new Set(s).add(index)));

  const add = (
    <Button variant="ghost" size="sm" iconName="plus" onClick={() => onChange(addEntry(values))} disabled={locked || atLimit} aria-describedby={atLimit ? `${uid}-limit` : undefined}>
      {t(`campaigns.wizard.creative.${field}.add`)}
    </Button>
  );

  return (
    <fieldset className={styles.list} data-field={field} aria-describedby={hint ? `${uid}-hint` : undefined}>
      <div className={styles.listHead}>
        <legend className={styles.label}>
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </legend>
        {action}
      </div>
      {hint && (
        <p id={`${uid}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      <ol className={styles.entries}>
        {entries.map((value, i) => {
          const inputId = `${uid}-${i}`;
          const bad = isUrl && (reveal || touched.has(i)) ? urlError(value) : null;
          const cut = paste.cutOf(i);
          const props = {
            id: inputId,
            className: `input ${styles.entryInput}`,
            value,
            maxLength: max,
            readOnly,
            disabled,
            'aria-label': t(`campaigns.wizard.creative.${field}.entry`, { n: i + 1 }),
            'aria-invalid': bad || (error && i === 0) ? true : undefined,
            'aria-describedby': `${inputId}-count${cut ? ` ${inputId}-cut` : ''}${bad ? ` ${inputId}-err` : ''}`,
            onBlur: () => blur(i),
            onPaste: (e: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) => paste.onPaste(i, e),
          };
          return (
            <li key={i} className={styles.entry}>
              <div className={styles.entryRow}>
                {multiline ? (
                  <textarea {...props} rows={3} onChange={(e) => change(i, e.target.value)} />
                ) : (
                  <input {...props} type={isUrl ? 'url' : 'text'} inputMode={isUrl ? 'url' : undefined} placeholder={isUrl ? 'https://' : undefined} onChange={(e) => change(i, e.target.value)} />
                )}
                {canRemoveEntry(i) && !locked && (
                  <button type="button" className={styles.iconButton} onClick={() => onChange(removeEntry(values, i))} aria-label={t(`campaigns.wizard.creative.${field}.remove`, { n: i + 1 })}>
                    <Icon name="close" size={16} />
                  </button>
                )}
              </div>
              <CharCounter field={field} length={value.length} id={`${inputId}-count`} />
              <PasteCutNote field={field} cut={cut} id={`${inputId}-cut`} />
              {bad && (
                <p id={`${inputId}-err`} className={styles.fieldError} role="alert">
                  {t(bad)}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {error && (
        <p className={styles.fieldError} role="alert">
          {t(error)}
        </p>
      )}
      {!readOnly && (
        <div className={styles.listFoot}>
          {atLimit ? (
            <Tooltip content={t('campaigns.wizard.creative.limit', { max: CREATIVE_LIST.max })}>
              <span tabIndex={0} className={styles.limitWrap}>
                {add}
                <span id={`${uid}-limit`} className="visually-hidden">
                  {t('campaigns.wizard.creative.limit', { max: CREATIVE_LIST.max })}
                </span>
              </span>
            </Tooltip>
          ) : (
            add
          )}
        </div>
      )}
    </fieldset>
  );
}

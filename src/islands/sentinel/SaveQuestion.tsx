// spec 3 §4: the current answer can be saved under a name (required), so it can be asked again
// from the saved questions; saving marks it active.
import { useState, type FormEvent } from 'react';
import type { NlqAnswer } from '../../lib/contracts/nlq';
import { saveQuestion } from '../../lib/api/nlq';
import { useTranslation } from '../../lib/i18n/react';
import { Button } from '../ui/Button';
import styles from './QuerySummary.module.css';

/** A first name for a question: its text, cut to a readable length. */
export function defaultName(description: string): string {
  const text = description.trim().replace(/\s+/g, ' ');
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

export function SaveQuestion({ answer, onSaved }: { answer: NlqAnswer; onSaved: (name: string) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (answer.saved && !editing) {
    return (
      <span className={styles.saved} data-testid="sentinel-saved">
        {t('sentinel.summary.saved')}
      </span>
    );
  }
  if (!editing) {
    return (
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          setName(answer.name ?? defaultName(answer.original_description));
          setError(null);
          setEditing(true);
        }}
        data-testid="sentinel-save"
      >
        {t('sentinel.summary.save')}
      </Button>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('sentinel.summary.nameRequired');
    setBusy(true);
    try {
      await saveQuestion(answer.query_id, { name: trimmed, save: true });
      setEditing(false);
      onSaved(trimmed);
    } catch {
      setError('sentinel.summary.saveFailed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={styles.saveForm} onSubmit={submit}>
      <input
        className={`input ${styles.saveInput}`}
        aria-label={t('sentinel.summary.saveName')}
        value={name}
        maxLength={200}
        autoFocus
        aria-invalid={error === 'sentinel.summary.nameRequired' || undefined}
        onChange={(e) => setName(e.target.value)}
        data-testid="sentinel-save-name"
      />
      <Button size="sm" type="submit" busy={busy} data-testid="sentinel-save-confirm">
        {t('sentinel.summary.saveConfirm')}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
        {t('sentinel.summary.saveCancel')}
      </Button>
      {error && (
        <span className={styles.saveError} role="alert">
          {t(error)}
        </span>
      )}
    </form>
  );
}

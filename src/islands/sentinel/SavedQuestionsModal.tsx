// spec 3 §2/§4 saved questions (loaded on demand: not part of the page's first JavaScript). Search,
// per question Ask again (confirmed when an answer is on screen; without one it runs at once and
// closes the list), inline rename (a name is required) and Delete (confirmed). The prompt states
// none / askAgain / delete replace the list; Cancel returns to it. Failures show inline.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { SavedQuestion } from '../../lib/contracts/nlq';
import { deleteQuestion, listSavedQuestions, saveQuestion } from '../../lib/api/nlq';
import { useTranslation } from '../../lib/i18n/react';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { filterSaved, shortDescription } from './model/saved';
import styles from './SavedQuestions.module.css';

type Prompt = { kind: 'none' } | { kind: 'askAgain'; question: SavedQuestion } | { kind: 'delete'; question: SavedQuestion };

export interface SavedQuestionsModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hasResults: boolean;
  onAskAgain: (question: SavedQuestion) => void;
  /** Bumped by the page after it saved a question, so an open list refreshes. */
  refreshKey: number;
}

export default function SavedQuestionsModal({ open, onOpenChange, hasResults, onAskAgain, refreshKey }: SavedQuestionsModalProps) {
  const { t } = useTranslation();
  const [list, setList] = useState<SavedQuestion[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [prompt, setPrompt] = useState<Prompt>({ kind: 'none' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setError(null);
    setPrompt({ kind: 'none' });
    listSavedQuestions(controller.signal)
      .then((res) => setList(res.data))
      .catch((err: { cancelled?: boolean }) => {
        if (!err.cancelled) setError('sentinel.saved.loadFailed');
      });
    return () => controller.abort();
  }, [open, refreshKey]);

  const shown = useMemo(() => (list ? filterSaved(list, search) : []), [list, search]);

  const askAgain = (q: SavedQuestion) => {
    if (hasResults) return setPrompt({ kind: 'askAgain', question: q });
    onAskAgain(q);
    onOpenChange(false);
  };
  const confirmAskAgain = (q: SavedQuestion) => {
    onAskAgain(q);
    onOpenChange(false);
  };
  const confirmDelete = async (q: SavedQuestion) => {
    setBusy(true);
    setError(null);
    try {
      await deleteQuestion(q.id);
      setList((l) => (l ? l.filter((x) => x.id !== q.id) : l));
      setPrompt({ kind: 'none' });
    } catch {
      setError('sentinel.saved.actionFailed');
    } finally {
      setBusy(false);
    }
  };
  const rename = async (q: SavedQuestion, name: string): Promise<boolean> => {
    setError(null);
    try {
      const saved = await saveQuestion(q.id, { name, save: true });
      setList((l) => (l ? l.map((x) => (x.id === q.id ? { ...x, ...saved, name } : x)) : l));
      return true;
    } catch {
      setError('sentinel.saved.actionFailed');
      return false;
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('sentinel.saved.title')} closeLabel={t('common.close')} wide>
      <div className={styles.body} data-testid="sentinel-saved-modal">
        {error && (
          <p className={styles.error} role="alert">
            {t(error)}
          </p>
        )}
        {prompt.kind !== 'none' ? (
          <div className={styles.prompt} role="alertdialog" aria-labelledby="sentinel-prompt-title">
            <h3 id="sentinel-prompt-title">{t(prompt.kind === 'delete' ? 'sentinel.saved.deleteTitle' : 'sentinel.saved.askAgainTitle')}</h3>
            <p>{prompt.kind === 'delete' ? t('sentinel.saved.deleteText', { name: prompt.question.name }) : t('sentinel.saved.askAgainText')}</p>
            <div className={styles.promptActions}>
              <Button variant="secondary" onClick={() => setPrompt({ kind: 'none' })}>
                {t('sentinel.saved.cancel')}
              </Button>
              {prompt.kind === 'delete' ? (
                <Button variant="danger" busy={busy} onClick={() => void confirmDelete(prompt.question)} data-testid="sentinel-confirm">
                  {t('sentinel.saved.confirmDelete')}
                </Button>
              ) : (
                <Button onClick={() => confirmAskAgain(prompt.question)} data-testid="sentinel-confirm">
                  {t('sentinel.saved.confirm')}
                </Button>
              )}
            </div>
          </div>
        ) : (
          <>
            <input
              className="input"
              type="search"
              value={search}
              placeholder={t('sentinel.saved.search')}
              aria-label={t('sentinel.saved.search')}
              onChange={(e) => setSearch(e.target.value)}
              data-testid="sentinel-saved-search"
            />
            {list === null && !error ? (
              <p className={styles.muted}>{t('common.loading')}</p>
            ) : list && list.length === 0 ? (
              <p className={styles.muted}>{t('sentinel.saved.empty')}</p>
            ) : shown.length === 0 && list ? (
              <p className={styles.muted}>{t('sentinel.saved.emptySearch')}</p>
            ) : (
              <ul className={styles.list}>
                {shown.map((q) => (
                  <SavedItem
                    key={q.id}
                    question={q}
                    onAskAgain={() => askAgain(q)}
                    onDelete={() => setPrompt({ kind: 'delete', question: q })}
                    onRename={(name) => rename(q, name)}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}

function SavedItem({
  question,
  onAskAgain,
  onDelete,
  onRename,
}: {
  question: SavedQuestion;
  onAskAgain: () => void;
  onDelete: () => void;
  onRename: (name: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(question.name);
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const short = shortDescription(question.original_description);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setInvalid(true);
    setBusy(true);
    const ok = await onRename(name.trim());
    setBusy(false);
    if (ok) setEditing(false);
  };
  return (
    <li className={styles.item} data-testid="sentinel-saved-item">
      {editing ? (
        <form className={styles.rename} onSubmit={submit}>
          <input
            className="input"
            value={name}
            maxLength={200}
            autoFocus
            aria-label={t('sentinel.saved.name')}
            aria-invalid={invalid || undefined}
            onChange={(e) => {
              setName(e.target.value);
              setInvalid(false);
            }}
            data-testid="sentinel-rename-input"
          />
          <Button size="sm" type="submit" busy={busy} data-testid="sentinel-rename-save">
            {t('sentinel.saved.save')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setEditing(false);
              setName(question.name);
              setInvalid(false);
            }}
          >
            {t('sentinel.saved.cancel')}
          </Button>
          {invalid && (
            <span className={styles.error} role="alert">
              {t('sentinel.saved.nameRequired')}
            </span>
          )}
        </form>
      ) : (
        <div className={styles.itemHead}>
          <p className={styles.name}>{question.name}</p>
          <span className={styles.meta}>
            {t(`sentinel.question.outcomes.${question.result_type}`)} · {t('sentinel.saved.results', { count: question.num_results })}
          </span>
        </div>
      )}
      <p className={styles.description}>
        {expanded ? question.original_description : short.text}{' '}
        {short.cut && (
          <button type="button" className={styles.more} onClick={() => setExpanded((x) => !x)} aria-expanded={expanded}>
            {t(expanded ? 'sentinel.saved.less' : 'sentinel.saved.more')}
          </button>
        )}
      </p>
      {!editing && (
        <div className={styles.actions}>
          <Button size="sm" onClick={onAskAgain} data-testid="sentinel-ask-again">
            {t('sentinel.saved.askAgain')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)} data-testid="sentinel-rename">
            {t('sentinel.saved.edit')}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete} data-testid="sentinel-delete">
            {t('sentinel.saved.delete')}
          </Button>
        </div>
      )}
    </li>
  );
}

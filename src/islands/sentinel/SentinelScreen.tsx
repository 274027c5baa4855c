// /sentinel (spec 3 §2): the question, the guide before any answer, the query summary, the
// results grid with its paginator, export and saved questions, and the customer drawer. The
// saved-questions modal and the drawer load on demand (the page's JavaScript budget is 150 KB).
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import type { NlqAnswer, ResultType, SavedQuestion } from '../../lib/contracts/nlq';
import { askAgain, askQuestion } from '../../lib/api/nlq';
import type { SupportedCrm } from '../../lib/contracts/integrations';
import { listSupportedCrms } from '../../lib/api/integrations';
import type { IslandI18n } from '../../lib/i18n/namespaces';
import { I18nIsland, useTranslation } from '../../lib/i18n/react';
import { EmptyState } from '../ui/EmptyState';
import type { ExportTarget } from './ExportMenu';
import { GuideCard } from './GuideCard';
import { questionLanguage } from './model/language';
import { Paginator } from './Paginator';
import { QuerySummary } from './QuerySummary';
import { QuestionForm } from './QuestionForm';
import { RefusalDetails } from './RefusalDetails';
import { closeDrawerUrl, drawerUrl, readDrawer, resultPagePath, drawerRedirectsToPage } from './drawerUrl';
import { TopBar } from './TopBar';
import { useSentinelQuestion } from './useSentinelQuestion';
import styles from './SentinelScreen.module.css';

const loadSaved = () => import('./SavedQuestionsModal');
// The grid (with @tanstack/react-table) is needed only once there is an answer: it loads while the
// first question is typed or asked, never on the empty page.
const loadGrid = () => import('./ResultsGrid');
const ResultsGrid = lazy(() => loadGrid().then((m) => ({ default: m.ResultsGrid })));
const SavedQuestionsModal = lazy(loadSaved);
// Issue 23: the CRM export dialog, loaded when first opened (or prefetched once a CRM exists).
const loadCrmExport = () => import('../crm/CrmExportDialog');
const CrmExportDialog = lazy(loadCrmExport);
const CustomerDrawer = lazy(() =>
  import('./customer/CustomerDrawer').then((m) => ({
    default: m.CustomerDrawer,
  })),
);

export interface SentinelScreenProps {
  i18n: IslandI18n;
  /** The prisma product type hides the events' percentages (spec 3 §3). */
  prisma: boolean;
}

export default function SentinelScreen({ i18n, ...props }: SentinelScreenProps) {
  return (
    <I18nIsland i18n={i18n}>
      <SentinelPage {...props} />
    </I18nIsland>
  );
}

const DRAWER_ENTRY = 'encoreSentinelDrawer';

/** spec 3 §9: 'Sentinel_' plus the saved question's name, or the date and time (DD.MM.YYYY HH:mm). */
function defaultExportName(answer: NlqAnswer): string {
  if (answer.name) return `Sentinel_${answer.name}`;
  const d = answer.task_completed_at ? new Date(answer.task_completed_at * 1000) : new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Sentinel_${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function SentinelPage({ prisma }: Omit<SentinelScreenProps, 'i18n'>) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<ResultType | null>(null);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [savedOpen, setSavedOpen] = useState(false);
  const [savedMounted, setSavedMounted] = useState(false);
  const [savedRefresh, setSavedRefresh] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [customerId, setCustomerId] = useState<string | null>(null);
  // Issue 23 (spec 3 §4 "supported CRMs load on start", §6): the CRM export for customer answers.
  const [crms, setCrms] = useState<SupportedCrm[]>([]);
  const [crmsVersion, setCrmsVersion] = useState(0);
  const [crmOpen, setCrmOpen] = useState(false);
  const [crmMounted, setCrmMounted] = useState(false);
  const crmOpener = useRef<HTMLElement | null>(null);
  const textRef = useRef(text);
  textRef.current = text;
  const questionBox = useRef<HTMLTextAreaElement>(null);

  const onAnswer = useCallback((answer: NlqAnswer) => {
    setSelection({});
    // A task loaded by ?task_id= (or asked again) shows its own question.
    if (!textRef.current.trim()) setText(answer.original_description);
    setOutcome(answer.result_type);
  }, []);
  const { state, execute, cancel, goToPage, markSaved } = useSentinelQuestion({
    onAnswer,
  });
  const { answer, phase } = state;
  const running = phase === 'asking';

  // When a question ends, focus goes to what answers it — the summary, or the error box — if the
  // ask left it nowhere (the Ask button turns into Stop and back, and focus fell to <body>). A user
  // who moved on in the meantime keeps their place.
  const errorBox = useRef<HTMLDivElement>(null);
  const lastPhase = useRef(phase);
  useEffect(() => {
    const was = lastPhase.current;
    lastPhase.current = phase;
    if (was !== 'asking' || (phase !== 'done' && phase !== 'error')) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    (phase === 'error' ? errorBox.current : document.querySelector<HTMLElement>('[data-testid="sentinel-summary"]'))?.focus();
  }, [phase]);

  useEffect(() => {
    const controller = new AbortController();
    listSupportedCrms(controller.signal)
      .then((list) => setCrms(list))
      .catch(() => setCrms([]));
    return () => controller.abort();
  }, [crmsVersion]);
  const openCrm = useCallback((trigger: HTMLElement | null) => {
    crmOpener.current = trigger;
    setCrmMounted(true);
    setCrmOpen(true);
  }, []);

  // ?task_id= loads an existing task; the drawer link opens the drawer (or the result page on
  // narrow screens, see the page's inline script).
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const taskId = params.get('task_id');
    if (taskId) {
      void loadGrid();
      void execute(null, taskId);
    }
    const syncDrawer = () => {
      const d = readDrawer(new URLSearchParams(location.search));
      if (d && drawerRedirectsToPage(window.innerWidth)) return location.replace(resultPagePath(d));
      setCustomerId(d);
    };
    syncDrawer();
    window.addEventListener('popstate', syncDrawer);
    window.addEventListener('resize', syncDrawer);
    return () => {
      window.removeEventListener('popstate', syncDrawer);
      window.removeEventListener('resize', syncDrawer);
    };
  }, [execute]);

  const ask = (asked: string = text) => {
    if (!outcome) return;
    setNotice(null);
    const description = asked.trim();
    const language = questionLanguage(description, i18n.language === 'de' ? 'de' : 'en');
    void execute((signal) => askQuestion({ description, result_type: outcome, language }, signal));
  };

  // "Ask this instead": the closest question goes into the box and is asked — this click is the
  // only way it runs. Focus moves to the box, which now holds what is being asked (the button
  // leaves with the error box).
  const askInstead = (question: string) => {
    if (running) return;
    void loadGrid();
    setText(question);
    ask(question);
    questionBox.current?.focus();
  };

  const onText = (next: string) => {
    // spec 3 §4: changing the text cancels a running question.
    if (running) cancel();
    if (next) void loadGrid();
    setText(next);
  };

  const askSavedAgain = (q: SavedQuestion) => {
    setNotice(null);
    void loadGrid();
    setText(q.original_description);
    setOutcome(q.result_type);
    void execute((signal) => askAgain(q.id, signal));
  };

  const openSaved = () => {
    setSavedMounted(true);
    setSavedOpen(true);
  };

  const openCustomer = (id: string) => {
    if (drawerRedirectsToPage(window.innerWidth)) return location.assign(resultPagePath(id));
    history.pushState({ [DRAWER_ENTRY]: true }, '', drawerUrl(new URLSearchParams(location.search), id));
    setCustomerId(id);
  };
  const closeCustomer = () => {
    setCustomerId(null);
    if ((history.state as Record<string, unknown> | null)?.[DRAWER_ENTRY]) history.back();
    else history.replaceState(null, '', closeDrawerUrl(new URLSearchParams(location.search)));
  };

  const selectedIds = useMemo(() => Object.keys(selection).filter((id) => selection[id]), [selection]);
  const exportTarget: ExportTarget | null = answer && answer.num_results > 0 ? { nlqId: answer.query_id, resultType: answer.result_type, selectedIds } : null;

  const error = state.error ?? (notice ? { key: notice } : null);

  return (
    <div className={styles.page}>
      <TopBar
        exportTarget={exportTarget}
        onOpenSaved={openSaved}
        onPrefetchSaved={() => void loadSaved()}
        onError={setNotice}
        crmAvailable={crms.length > 0}
        onCrm={openCrm}
      />
      {error && (
        <div className={`alert alert--error ${styles.error}`} role="alert" data-testid="sentinel-error" ref={errorBox} tabIndex={-1}>
          <div>
            <strong>{t('sentinel.errorPrefix')}</strong> {t(error.key)}
            <RefusalDetails error={error} onAskInstead={askInstead} />
          </div>
        </div>
      )}
      <QuestionForm
        text={text}
        outcome={outcome}
        running={running}
        overdue={state.overdue}
        onText={onText}
        onOutcome={(o) => {
          if (running) cancel();
          setOutcome(o);
        }}
        onAsk={() => ask()}
        textareaRef={questionBox}
        onStop={cancel}
      />
      <div className={styles.results}>
        {!answer && (phase === 'idle' || phase === 'error') && <GuideCard />}
        {!answer && phase === 'aborted' && <EmptyState icon="info" message={t('sentinel.errors.abortTip')} compact />}
        {answer && (
          <QuerySummary
            key={`${answer.query_id}-${answer.task_completed_at ?? 0}`}
            answer={answer}
            onSaved={(name) => {
              markSaved(true, name);
              setSavedRefresh((n) => n + 1);
            }}
          />
        )}
        {answer && phase === 'aborted' && (
          <p className={styles.tip} role="status">
            {t('sentinel.errors.abortTip')}
          </p>
        )}
        {(answer || running) && (
          <div className={styles.gridArea} aria-busy={running || state.loadingPage}>
            {answer && answer.num_results === 0 && !running ? (
              <EmptyState icon="search" message={t('sentinel.grid.empty')} compact />
            ) : answer ? (
              <Suspense fallback={<div className={styles.placeholder} />}>
                <ResultsGrid
                  type={answer.result_type}
                  rows={state.rows}
                  aggregations={state.aggregations}
                  currency={state.currency}
                  prisma={prisma}
                  selection={selection}
                  allIds={answer.data}
                  onSelection={setSelection}
                  onOpenRow={answer.result_type === 'customers' ? openCustomer : undefined}
                />
              </Suspense>
            ) : (
              <div className={styles.placeholder} />
            )}
            {(running || state.loadingPage) && (
              <div className={styles.overlay} data-testid="sentinel-loading">
                <span className={styles.spinner} aria-hidden="true" />
                {state.overdue ? (
                  <div className={styles.overdue} data-testid="sentinel-overdue">
                    <p className={styles.overdueTitle}>{t('sentinel.overdue.title')}</p>
                    <p>{t('sentinel.overdue.description')}</p>
                    <p className={styles.overdueSub}>{t('sentinel.overdue.subtext')}</p>
                  </div>
                ) : (
                  <p role="status">{t('sentinel.loading')}</p>
                )}
              </div>
            )}
          </div>
        )}
        {answer && answer.num_results > 0 && <Paginator page={state.page} total={answer.data.length} onPage={(p) => void goToPage(p)} />}
        {selectedIds.length > 0 && (
          <p className={styles.selected} role="status">
            {t('sentinel.grid.selected', { count: selectedIds.length })}
          </p>
        )}
      </div>
      {savedMounted && (
        <Suspense fallback={null}>
          <SavedQuestionsModal
            open={savedOpen}
            onOpenChange={setSavedOpen}
            hasResults={Boolean(answer && answer.num_results > 0)}
            onAskAgain={askSavedAgain}
            refreshKey={savedRefresh}
          />
        </Suspense>
      )}
      {crmMounted && answer && answer.result_type === 'customers' && (
        <Suspense fallback={null}>
          <CrmExportDialog
            open={crmOpen}
            onOpenChange={setCrmOpen}
            crms={crms}
            source={{ kind: 'nlq', nlqId: answer.query_id, ids: selectedIds, count: selectedIds.length || answer.num_results }}
            defaultName={defaultExportName(answer)}
            returnFocusTo={crmOpener}
            onSecretsChanged={() => setCrmsVersion((v) => v + 1)}
          />
        </Suspense>
      )}
      {customerId && (
        <Suspense fallback={null}>
          <CustomerDrawer customerId={customerId} onClose={closeCustomer} />
        </Suspense>
      )}
    </div>
  );
}

// Settings › #system › Integrations (spec 3 §2 "Integrations manager: list, add and delete
// secrets", §4 "types, integrations and supported CRMs load on start; add, delete and export each
// have loading and error flags", §5 "Integration add: requires type and secret, and a tenant
// reference when the type requires it"; issue 23). A stored key is never shown again: the list
// reads its preview. While exports go to the CRM sandbox the card shows the "Sandbox" badge.
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { IntegrationType, SecretItem } from '../../lib/contracts/integrations';
import { addSecret, deleteSecret, listIntegrationTypes, listSecrets } from '../../lib/api/integrations';
import { ApiError } from '../../lib/api/client';
import { CRM_LIMITS, secretNameProblem, secretProblem, tenantRefProblem, type CrmService, type FieldProblem } from '../../lib/integrations/rules';
import { useTranslation } from '../../lib/i18n/react';
import { pushToast } from '../../stores/toasts';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { SandboxBadge } from '../ui/SandboxBadge';
import { crmErrorText } from '../crm/messages';
import styles from './Settings.module.css';
import s from './Integrations.module.css';

const K = 'settings.system.integrations';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; types: IntegrationType[]; secrets: SecretItem[] };

interface Draft {
  service: CrmService | '';
  name: string;
  secret: string;
  tenantRef: string;
}
const EMPTY: Draft = { service: '', name: '', secret: '', tenantRef: '' };
type Field = 'service' | 'name' | 'secret' | 'tenantRef';
type Problems = Partial<Record<Field, string>>;

function formatDay(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}

export function IntegrationsSection() {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [reload, setReload] = useState(0);
  const [addOpen, setAddOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [addError, setAddError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<SecretItem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    Promise.all([listIntegrationTypes(controller.signal), listSecrets(controller.signal)])
      .then(([types, secrets]) => setLoad({ state: 'ready', types, secrets }))
      .catch((err: unknown) => {
        if (!(err instanceof ApiError && err.cancelled)) setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, [reload]);

  useEffect(() => {
    if (addOpen) return;
    setDraft(EMPTY);
    setProblems({});
    setAddError(null);
  }, [addOpen]);

  useEffect(() => {
    if (!toDelete) setDeleteError(null);
  }, [toDelete]);

  const types = load.state === 'ready' ? load.types : [];
  const chosen = types.find((x) => x.type === draft.service) ?? null;
  const sandbox = types.some((x) => x.sandbox);

  const problemText = (field: Field, p: FieldProblem | null, service: CrmService | null): string | undefined => {
    if (!p) return undefined;
    if (p === 'tooLong') return t(`${K}.errors.tooLong`, { max: field === 'name' ? CRM_LIMITS.secretNameMax : field === 'tenantRef' ? CRM_LIMITS.tenantRefMax : CRM_LIMITS.rawSecretMax });
    if (field === 'secret' && p === 'badFormat' && service) return t(`${K}.errors.secretFormat.${service}`);
    return t(`${K}.errors.${field}.${p}`);
  };

  const validate = (d: Draft): Problems => {
    if (!d.service) return { service: t(`${K}.errors.service.required`) };
    const out: Problems = {
      name: problemText('name', secretNameProblem(d.name), d.service),
      secret: problemText('secret', secretProblem(d.service, d.secret), d.service),
      tenantRef: problemText('tenantRef', tenantRefProblem(d.service, d.tenantRef), d.service),
    };
    return Object.fromEntries(Object.entries(out).filter(([, v]) => v)) as Problems;
  };

  const set = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch };
    if (patch.service !== undefined && patch.service !== draft.service) next.tenantRef = '';
    setDraft(next);
    // Once a field showed a problem, it is checked again as the user types.
    if (Object.keys(problems).length) setProblems(validate(next));
  };

  const onAdd = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(draft);
    setProblems(found);
    setAddError(null);
    if (Object.keys(found).length || !draft.service) {
      const first = (['service', 'name', 'secret', 'tenantRef'] as Field[]).find((f) => found[f]);
      if (first) document.getElementById(`integration-${first}`)?.focus();
      return;
    }
    setAdding(true);
    try {
      const created = await addSecret({
        service_name: draft.service,
        name: draft.name.trim() || null,
        raw_secret: draft.secret.trim(),
        tenant_ref: chosen?.requires_tenant_ref ? draft.tenantRef.trim() : null,
      });
      setLoad((l) => (l.state === 'ready' ? { ...l, secrets: [created, ...l.secrets] } : l));
      setAddOpen(false);
      pushToast({ title: t(`${K}.added`, { name: created.name }), variant: 'success' });
    } catch (err) {
      // A field the server refused is shown next to that field.
      const issues = err instanceof ApiError ? (err.issues ?? []) : [];
      const byField: Problems = {};
      for (const i of issues) {
        const field = ({ service_name: 'service', name: 'name', raw_secret: 'secret', tenant_ref: 'tenantRef' } as const)[i.path as 'name'];
        if (field) byField[field] = t(`${K}.errors.server`);
      }
      if (Object.keys(byField).length) setProblems(byField);
      else setAddError(crmErrorText(t, err, draft.service));
    } finally {
      setAdding(false);
    }
  };

  const onDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteSecret(toDelete.id);
      setLoad((l) => (l.state === 'ready' ? { ...l, secrets: l.secrets.filter((x) => x.id !== toDelete.id) } : l));
      pushToast({ title: t(`${K}.deleted`, { name: toDelete.name }), variant: 'success' });
      setToDelete(null);
    } catch (err) {
      setDeleteError(crmErrorText(t, err));
    } finally {
      setDeleting(false);
    }
  };

  const fieldProps = (field: Field) => ({
    id: `integration-${field}`,
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby': [problems[field] ? `integration-${field}-error` : null, `integration-${field}-hint`].filter(Boolean).join(' ') || undefined,
  });
  const fieldError = (field: Field) =>
    problems[field] ? (
      <p id={`integration-${field}-error`} className={styles.fieldError}>
        {problems[field]}
      </p>
    ) : null;

  return (
    <section className={styles.card} aria-labelledby="integrations-heading" data-testid="integrations">
      <div className={styles.cardHeadRow}>
        <div className={styles.cardHead}>
          <h2 id="integrations-heading" className={`${styles.cardTitle} ${s.title}`}>
            {t(`${K}.heading`)}
            {sandbox && <SandboxBadge title={t(`${K}.sandboxHint`)} />}
          </h2>
          <p className={styles.cardIntro}>{t(`${K}.intro`)}</p>
          {/* The badge's explanation as text, for keyboard and touch too (a title shows on hover only). */}
          {sandbox && (
            <p className={styles.hint} data-testid="integrations-sandbox-hint">
              {t(`${K}.sandboxHint`)}
            </p>
          )}
        </div>
        <Button ref={addButton} variant="secondary" size="sm" iconName="plus" onClick={() => setAddOpen(true)} disabled={load.state !== 'ready'}>
          {t(`${K}.add`)}
        </Button>
      </div>

      {load.state === 'loading' && (
        <p className={styles.hint} role="status">
          {t(`${K}.loading`)}
        </p>
      )}
      {load.state === 'failed' && (
        <div className="alert alert--error" role="alert">
          <span>{t(`${K}.loadFailed`)}</span>
          <Button variant="secondary" size="sm" onClick={() => setReload((n) => n + 1)}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {load.state === 'ready' && load.secrets.length === 0 && <p className={styles.hint}>{t(`${K}.empty`)}</p>}
      {load.state === 'ready' && load.secrets.length > 0 && (
        <ul className={s.list} aria-label={t(`${K}.listLabel`)}>
          {load.secrets.map((x) => (
            <li key={x.id} className={s.item} data-testid="integration-row">
              <div className={s.itemText}>
                <span className={s.name}>{x.name}</span>
                <dl className={s.meta}>
                  <div>
                    <dt>{t(`${K}.service`)}</dt>
                    <dd>{x.display_name}</dd>
                  </div>
                  <div>
                    <dt>{t(`${K}.secret`)}</dt>
                    <dd className={s.preview}>{x.secret_preview}</dd>
                  </div>
                  {x.tenant_ref && (
                    <div>
                      <dt>{t(`${K}.tenantRef.${x.service_name}`)}</dt>
                      <dd className={s.preview}>{x.tenant_ref}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{t(`${K}.addedOn`)}</dt>
                    <dd>{formatDay(x.created_at)}</dd>
                  </div>
                </dl>
              </div>
              <Button variant="secondary" size="sm" onClick={() => setToDelete(x)} aria-label={t(`${K}.deleteFor`, { name: x.name })}>
                {t(`${K}.delete`)}
              </Button>
            </li>
          ))}
        </ul>
      )}

      <Modal open={addOpen} onOpenChange={(o) => !adding && setAddOpen(o)} title={t(`${K}.addTitle`)} description={t(`${K}.addDescription`)} closeLabel={t('common.close')}>
        <form className={styles.dialogForm} onSubmit={(e) => void onAdd(e)} noValidate>
          <div className="field">
            <label htmlFor="integration-service">{t(`${K}.service`)}</label>
            <select className={`input ${styles.select}`} value={draft.service} onChange={(e) => set({ service: e.target.value as CrmService })} required {...fieldProps('service')}>
              <option value="">{t(`${K}.chooseService`)}</option>
              {types.map((x) => (
                <option key={x.type} value={x.type}>
                  {x.display_name}
                </option>
              ))}
            </select>
            {fieldError('service')}
          </div>
          <div className="field">
            <label htmlFor="integration-name">{t(`${K}.name`)}</label>
            <input className="input" autoComplete="off" value={draft.name} onChange={(e) => set({ name: e.target.value })} {...fieldProps('name')} />
            <p id="integration-name-hint" className={styles.hint}>
              {t(`${K}.nameHint`, { max: CRM_LIMITS.secretNameMax })}
            </p>
            {fieldError('name')}
          </div>
          <div className="field">
            <label htmlFor="integration-secret">{t(`${K}.secret`)}</label>
            <input
              className="input"
              type="password"
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              value={draft.secret}
              onChange={(e) => set({ secret: e.target.value })}
              required
              {...fieldProps('secret')}
            />
            <p id="integration-secret-hint" className={styles.hint}>
              {t(draft.service ? `${K}.secretHint.${draft.service}` : `${K}.secretHint.none`)}
            </p>
            {fieldError('secret')}
          </div>
          {chosen?.requires_tenant_ref && (
            <div className="field">
              <label htmlFor="integration-tenantRef">{t(`${K}.tenantRef.${chosen.type}`)}</label>
              <input className="input" autoComplete="off" spellCheck={false} autoCapitalize="none" value={draft.tenantRef} onChange={(e) => set({ tenantRef: e.target.value })} required {...fieldProps('tenantRef')} />
              <p id="integration-tenantRef-hint" className={styles.hint}>
                {t(`${K}.tenantRefHint.${chosen.type}`)}
              </p>
              {fieldError('tenantRef')}
            </div>
          )}
          {addError && (
            <p className="alert alert--error" role="alert">
              {addError}
            </p>
          )}
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => setAddOpen(false)} disabled={adding}>
              {t(`${K}.cancel`)}
            </Button>
            <Button type="submit" busy={adding}>
              {t(`${K}.save`)}
            </Button>
          </div>
        </form>
      </Modal>

      <Modal
        open={toDelete !== null}
        onOpenChange={(o) => !o && !deleting && setToDelete(null)}
        title={t(`${K}.deleteTitle`, { name: toDelete?.name ?? '' })}
        description={t(`${K}.deleteText`)}
        closeLabel={t('common.close')}
        returnFocusTo={addButton}
      >
        <div className={styles.dialogForm}>
          {deleteError && (
            <p className="alert alert--error" role="alert">
              {deleteError}
            </p>
          )}
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => setToDelete(null)} disabled={deleting}>
              {t(`${K}.cancel`)}
            </Button>
            <Button variant="danger" busy={deleting} onClick={() => void onDelete()}>
              {t(`${K}.confirmDelete`)}
            </Button>
          </div>
        </div>
      </Modal>
    </section>
  );
}

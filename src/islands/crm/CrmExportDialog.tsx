// The "External CRM" export (spec 3 §2 Sentinel "Export results", §5 "export name max 80
// characters; a timestamp is appended; send is disabled if empty", §8 "CRM export success toast
// 'progress' with service name"; issue 23): choose one of the partner's integrations, name the
// list, send. The request answers at once with a task; the 'progress' toast names the service and
// a second toast tells the outcome (followExport.ts). Loaded on demand by the page that opens it:
// Sentinel for a customer answer, the package results for a variation (source.kind).
import { useEffect, useState, type RefObject, type SubmitEvent } from 'react';
import type { SupportedCrm } from '../../lib/contracts/integrations';
import { exportNlqToCrm, exportPackageToCrm, previewNlqCrmExport, previewPackageCrmExport } from '../../lib/api/integrations';
import { ApiError } from '../../lib/api/client';
import { CRM_LIMITS, containerNameProblem } from '../../lib/integrations/rules';
import { useTranslation } from '../../lib/i18n/react';
import { pushToast } from '../../stores/toasts';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { SandboxBadge } from '../ui/SandboxBadge';
import { crmErrorText } from './messages';
import { followExport } from './followExport';
import styles from './CrmExport.module.css';

export type CrmExportSource =
  | {
      kind: 'nlq';
      nlqId: number;
      /** Chosen customer ids; empty = the whole answer. */
      ids: string[];
      /** How many customers that is (for the summary line). */
      count: number;
    }
  | {
      /** Issue 23: a package variation (spec 3 §7 POST /crm/export/package with package_id and tc). */
      kind: 'package';
      packageId: number;
      /** The variation's index in the package. */
      tc: number;
      variationTitle: string;
      count: number;
    };

export interface CrmExportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  crms: SupportedCrm[];
  source: CrmExportSource;
  defaultName: string;
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Called when the chosen secret no longer exists, so the page loads the list again. */
  onSecretsChanged?: () => void;
}

interface Choice {
  id: string;
  name: string;
  crm: SupportedCrm;
}

export default function CrmExportDialog({ open, onOpenChange, crms, source, defaultName, returnFocusTo, onSecretsChanged }: CrmExportDialogProps) {
  const { t } = useTranslation();
  const choices: Choice[] = crms.flatMap((crm) => crm.integrations.map((i) => ({ id: i.id, name: i.name, crm })));
  const [secretId, setSecretId] = useState('');
  const [name, setName] = useState(defaultName);
  const [busy, setBusy] = useState(false);
  const [secretError, setSecretError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** How many contacts the export would send now (the server leaves out opt-outs and customers without an email). */
  const [contacts, setContacts] = useState<number | null>(null);

  useEffect(() => {
    if (!open) return;
    setSecretId(choices.length === 1 ? choices[0]!.id : '');
    setName(defaultName.slice(0, CRM_LIMITS.containerNameMax));
    setSecretError(null);
    setError(null);
    setContacts(null);
    let live = true;
    (source.kind === 'package' ? previewPackageCrmExport({ package_id: source.packageId, tc: source.tc }) : previewNlqCrmExport({ nlq_id: source.nlqId, ids: source.ids }))
      .then((p) => live && setContacts(p.contacts))
      .catch(() => undefined); // the summary keeps the customers' count; Send says what fails
    return () => {
      live = false;
    };
  }, [open]);

  const chosen = choices.find((c) => c.id === secretId) ?? null;
  const nameProblem = containerNameProblem(name);
  const length = name.trim().length;
  const tooLong = nameProblem === 'tooLong';

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) {
      setSecretError(t('crm.export.chooseIntegration'));
      document.getElementById('crm-export-integration-0')?.focus();
      return;
    }
    if (nameProblem) return;
    setBusy(true);
    setError(null);
    setSecretError(null);
    try {
      const query = { crm_name: chosen.crm.type, secret_id: chosen.id, container_name: name.trim() };
      const started =
        source.kind === 'package'
          ? await exportPackageToCrm(query, { package_id: source.packageId, tc: source.tc })
          : await exportNlqToCrm(query, { nlq_id: source.nlqId, ids: source.ids });
      pushToast({
        title: t('crm.export.progress', { service: started.display_name }),
        description: t('crm.export.progressText', { count: started.contacts, name: started.container_name }),
        variant: 'info',
      });
      void followExport(started.task_id, { type: started.crm_name, name: started.display_name }, t);
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'error.crm.secret_not_found') {
        setSecretError(crmErrorText(t, err, chosen.crm.type));
        onSecretsChanged?.();
      } else {
        setError(crmErrorText(t, err, chosen.crm.type));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !busy && onOpenChange(o)}
      title={t('crm.export.title')}
      description={t('crm.export.description')}
      closeLabel={t('common.close')}
      returnFocusTo={returnFocusTo}
    >
      <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate data-testid="crm-export-dialog">
        <p className={styles.summary}>
          {source.kind === 'package'
            ? t('crm.export.variation', { count: source.count, title: source.variationTitle })
            : source.ids.length
              ? t('crm.export.selected', { count: source.count })
              : t('crm.export.all', { count: source.count })}
        </p>
        {contacts !== null && (
          <p className={styles.summary} data-testid="crm-export-contacts">
            {t('crm.export.willSend', { count: contacts })}
          </p>
        )}
        <fieldset className={styles.choices} aria-describedby={secretError ? 'crm-export-integration-error' : undefined}>
          <legend className={styles.legend}>{t('crm.export.integration')}</legend>
          {choices.map((c, i) => (
            <label key={c.id} className={styles.choice}>
              <input
                id={`crm-export-integration-${i}`}
                type="radio"
                name="crm-export-integration"
                value={c.id}
                checked={secretId === c.id}
                onChange={() => {
                  setSecretId(c.id);
                  setSecretError(null);
                }}
              />
              <span>{c.name}</span>
              <span className={styles.service}>{c.crm.display_name}</span>
              {c.crm.sandbox && <SandboxBadge title={t('crm.sandboxHint')} />}
            </label>
          ))}
          {choices.some((c) => c.crm.sandbox) && (
            <p className={styles.sandboxHint} data-testid="crm-export-sandbox-hint">
              {t('crm.sandboxHint')}
            </p>
          )}
          {secretError && (
            <p id="crm-export-integration-error" className={styles.fieldError} role="alert">
              {secretError}
            </p>
          )}
        </fieldset>
        <div className="field">
          <label htmlFor="crm-export-name">{t('crm.export.name')}</label>
          <input
            id="crm-export-name"
            className="input"
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
            aria-invalid={tooLong ? true : undefined}
            aria-describedby={`crm-export-name-hint crm-export-name-count${tooLong ? ' crm-export-name-error' : ''}`}
          />
          <p id="crm-export-name-hint" className={styles.hint}>
            {t('crm.export.nameHint', { max: CRM_LIMITS.containerNameMax })}
          </p>
          <p id="crm-export-name-count" className={`${styles.counter} ${tooLong ? styles.counterOver : ''}`}>
            {t('crm.export.counter', { count: length, max: CRM_LIMITS.containerNameMax })}
          </p>
          {tooLong && (
            <p id="crm-export-name-error" className={styles.fieldError}>
              {t('crm.export.nameTooLong', { max: CRM_LIMITS.containerNameMax })}
            </p>
          )}
        </div>
        {error && (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {t('crm.export.cancel')}
          </Button>
          <Button type="submit" busy={busy} disabled={nameProblem !== null}>
            {t('crm.export.send')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

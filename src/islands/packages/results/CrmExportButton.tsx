// A variation's 'External CRM' export (spec 3 §2 "export (CSV or CRM)", §6 "only if supported CRMs
// exist among the user's secrets"): the button, and the shared CRM export dialog (loaded on first
// use) with the variation as its source. An expired package cannot be sent (the server answers
// error.crm.package_expired): the button says so instead. The Sandbox badge shows while exports
// go to the CRM sandbox.
import { lazy, Suspense, useRef, useState } from 'react';
import type { SupportedCrm } from '../../../lib/contracts/integrations';
import type { Package, Variation } from '../../../lib/contracts/packages';
import { useTranslation } from '../../../lib/i18n/react';
import { Button } from '../../ui/Button';
import { SandboxBadge } from '../../ui/SandboxBadge';

const CrmExportDialog = lazy(() => import('../../crm/CrmExportDialog'));

export function CrmExportButton({
  crms,
  pkg,
  variation,
  name,
  nameProblem,
  onSecretsChanged,
}: {
  crms: SupportedCrm[];
  pkg: Package;
  variation: Variation;
  /** The export name of the panel, the dialog's default. */
  name: string;
  nameProblem: boolean;
  onSecretsChanged(): void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const expired = pkg.status !== 'done';
  // Demo mode's sample package is never exported (the server answers error.packages.demo_export_disabled).
  const demo = pkg.demo === true;
  const tc = pkg.content?.indexOf(variation) ?? -1;
  return (
    <>
      <Button
        ref={opener}
        variant="secondary"
        iconName="share"
        disabled={demo || expired || nameProblem || tc < 0}
        disabledHint={demo ? t('packages.demo.exportDisabled') : expired ? t('packages.variation.export.crmExpired') : undefined}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        data-testid="variation-crm"
      >
        {t('packages.variation.export.crm')}
      </Button>
      {crms.some((c) => c.sandbox) && <SandboxBadge title={t('crm.sandboxHint')} />}
      {mounted && (
        <Suspense fallback={null}>
          <CrmExportDialog
            open={open}
            onOpenChange={setOpen}
            crms={crms}
            source={{ kind: 'package', packageId: pkg.id, tc, variationTitle: variation.title, count: variation.n_customers }}
            defaultName={name}
            returnFocusTo={opener}
            onSecretsChanged={onSecretsChanged}
          />
        </Suspense>
      )}
    </>
  );
}

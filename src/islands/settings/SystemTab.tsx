// Settings › #system (spec 1 §2.5): attribution model and billing link, who may register, the
// import of the partner's ticketing history (issue 12, partner admins), the MFA part
// (authenticator app, preferred method) and the user's sessions. Integrations arrive with theirs.
import { AttributionSection, type AttributionProps } from './AttributionSection';
import { RegistrationSection, type RegistrationProps } from './RegistrationSection';
import { MfaSection } from './MfaSection';
import { SessionsSection } from './SessionsSection';
import { HistoryImportSection } from './HistoryImportSection';

export function SystemTab({ attribution, registration, historyImport }: { attribution: AttributionProps; registration: RegistrationProps | null; historyImport: boolean }) {
  return (
    <>
      <AttributionSection {...attribution} />
      {registration && <RegistrationSection {...registration} />}
      {historyImport && <HistoryImportSection />}
      <MfaSection />
      <SessionsSection />
    </>
  );
}

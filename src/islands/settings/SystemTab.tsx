// Settings › #system (spec 1 §2.5): attribution model and billing link, who may register, the
// forecast's calendar (country and region, issue 25), the import of the partner's ticketing
// history (issue 12, partner admins), the MFA part (authenticator app, preferred method), the
// user's sessions, and the integrations manager (issue 23, spec 3 §2: the partner's CRM secrets;
// partner admins).
import { AttributionSection, type AttributionProps } from './AttributionSection';
import { RegistrationSection, type RegistrationProps } from './RegistrationSection';
import { CalendarSection, type CalendarProps } from './CalendarSection';
import { MfaSection } from './MfaSection';
import { SessionsSection } from './SessionsSection';
import { HistoryImportSection } from './HistoryImportSection';
import { IntegrationsSection } from './IntegrationsSection';

export function SystemTab({
  attribution,
  registration,
  calendar,
  historyImport,
  integrations,
}: {
  attribution: AttributionProps;
  registration: RegistrationProps | null;
  calendar: CalendarProps | null;
  historyImport: boolean;
  integrations: boolean;
}) {
  return (
    <>
      <AttributionSection {...attribution} />
      {registration && <RegistrationSection {...registration} />}
      {calendar && <CalendarSection {...calendar} />}
      {historyImport && <HistoryImportSection />}
      {integrations && <IntegrationsSection />}
      <MfaSection />
      <SessionsSection />
    </>
  );
}

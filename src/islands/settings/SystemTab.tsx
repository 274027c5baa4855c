// Settings › #system (spec 1 §2.5): attribution model and billing link, who may register, the
// forecast's calendar (country and region, issue 25), the import of the partner's ticketing
// history (issue 12, partner admins), the MFA part
// (authenticator app, preferred method) and the user's sessions. Integrations arrive with theirs.
import { AttributionSection, type AttributionProps } from './AttributionSection';
import { RegistrationSection, type RegistrationProps } from './RegistrationSection';
import { CalendarSection, type CalendarProps } from './CalendarSection';
import { MfaSection } from './MfaSection';
import { SessionsSection } from './SessionsSection';
import { HistoryImportSection } from './HistoryImportSection';

export function SystemTab({
  attribution,
  registration,
  calendar,
  historyImport,
}: {
  attribution: AttributionProps;
  registration: RegistrationProps | null;
  calendar: CalendarProps | null;
  historyImport: boolean;
}) {
  return (
    <>
      <AttributionSection {...attribution} />
      {registration && <RegistrationSection {...registration} />}
      {calendar && <CalendarSection {...calendar} />}
      {historyImport && <HistoryImportSection />}
      <MfaSection />
      <SessionsSection />
    </>
  );
}

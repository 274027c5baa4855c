// Settings › #system (spec 1 §2.5): attribution model and billing link, who may register, the
// MFA part (authenticator app, preferred method) and the user's sessions. Integrations arrive
// with theirs.
import { AttributionSection, type AttributionProps } from './AttributionSection';
import { RegistrationSection, type RegistrationProps } from './RegistrationSection';
import { MfaSection } from './MfaSection';
import { SessionsSection } from './SessionsSection';

export function SystemTab({ attribution, registration }: { attribution: AttributionProps; registration: RegistrationProps | null }) {
  return (
    <>
      <AttributionSection {...attribution} />
      {registration && <RegistrationSection {...registration} />}
      <MfaSection />
      <SessionsSection />
    </>
  );
}

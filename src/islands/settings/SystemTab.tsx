// Settings › #system (spec 1 §2.5): attribution model and billing link, the MFA part
// (authenticator app, preferred method) and the user's sessions. Integrations arrive with theirs.
import { AttributionSection, type AttributionProps } from './AttributionSection';
import { MfaSection } from './MfaSection';
import { SessionsSection } from './SessionsSection';

export function SystemTab({ attribution }: { attribution: AttributionProps }) {
  return (
    <>
      <AttributionSection {...attribution} />
      <MfaSection />
      <SessionsSection />
    </>
  );
}

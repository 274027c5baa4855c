// Settings › #system (spec 1 §2.5): the MFA part (authenticator app, preferred method) and the
// user's sessions. Attribution model, billing and integrations arrive with their issues.
import { MfaSection } from './MfaSection';
import { SessionsSection } from './SessionsSection';

export function SystemTab() {
  return (
    <>
      <MfaSection />
      <SessionsSection />
    </>
  );
}

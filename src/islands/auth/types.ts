import type { IslandI18n } from '../../lib/i18n/namespaces';
import type { PendingChallenge } from '../../stores/challenge';

export type LoginStage = 'form' | 'chooser' | 'splash';

export interface PartnerChoice {
  id: number;
  name: string;
}

/** What the server decided for this render of /login (also the whole no-JavaScript flow). */
export interface LoginState {
  stage: LoginStage;
  username: string;
  /** Prefilled only from the `tp` query parameter (spec 1 §2.4 auto-submit links). */
  password: string;
  /** i18n key of an inline error. */
  error: string | null;
  /** error.auth.inactive: shown as a dialog / alert box instead of inline (spec 1 §8). */
  inactive: boolean;
  /** Partners to choose from, sorted by name. */
  partners: PartnerChoice[];
  /** Where the splash leads. */
  redirectTo: string;
  /** A challenge answered by the no-JavaScript form post: the island hands it to its screen. */
  challenge?: PendingChallenge | null;
}

export interface LoginScreenProps {
  i18n: IslandI18n;
  initial: LoginState;
  /** Same-origin path from ?next=, already checked on the server. */
  next: string | null;
  /** ?username=…&tp=… present: sign in right after hydration. */
  autoSubmit: boolean;
}

// Interface placeholder (issue 14 scaffolding): the co-create helper card for bodies and headlines
// with its language picker (spec 2 §2). Replaced by its real implementation.
import type { CreativeLanguage } from '../../../../lib/contracts/setup-process';

export interface CoCreateCardProps {
  eventId: string;
  tc: number;
  tcRunId: number;
  language: CreativeLanguage;
  onLanguageChange(language: CreativeLanguage): void;
  /** Put a suggestion into the first blank entry of the field (or append). */
  onUse(field: 'headline' | 'body', text: string): void;
  disabled?: boolean;
}

export function CoCreateCard(_: CoCreateCardProps) {
  return null;
}

// Interface placeholder (issue 14 scaffolding): AI autofill of one creative list field (spec 2 §4
// Topic report and autofill). Replaced by its real implementation; the props are the agreed interface.
import type { CreativeLanguage } from '../../../../lib/contracts/setup-process';

export interface AutofillButtonProps {
  eventId: string;
  tc: number;
  tcRunId: number;
  field: 'headline' | 'body' | 'description';
  language: CreativeLanguage;
  /** The field's current values: non-blank ones make the overwrite warning come first. */
  current: string[];
  count?: number;
  onFill(values: string[]): void;
  disabled?: boolean;
}

export function AutofillButton(_: AutofillButtonProps) {
  return null;
}

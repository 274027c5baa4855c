// The targeting form's small rules (spec 2 §4 Targeting mode options, §5 Targeting "Age range").
import { AGE } from '../../../../lib/campaigns/setup-constants';

/** spec 2 §4 "Defaults depend on permission": one rule with the server's defaults (lib/campaigns/setup-defaults). */
export { defaultMode } from '../../../../lib/campaigns/setup-defaults';

/** spec 2 §5: changes of the age range are sent after 500 ms. */
export const AGE_DEBOUNCE_MS = 500;

/** The ages a bound can take, 65 shown as "65+" (spec 2 §5). */
export const AGES: readonly number[] = Array.from({ length: AGE.max - AGE.min + 1 }, (_, i) => AGE.min + i);
export const ageLabel = (age: number) => (age >= AGE.max ? `${AGE.max}+` : String(age));

// The targeting form's small rules (spec 2 §4 Targeting mode options, §5 Targeting "Age range").
import { AGE, type TargetingMode } from '../../../../lib/campaigns/setup-constants';

/** spec 2 §4 "Defaults depend on permission": the cluster's own customers when offered, else postal codes. */
export const defaultMode = (options: readonly TargetingMode[]): TargetingMode => (options.includes('fd_targeting') ? 'fd_targeting' : 'postal_codes');

/** spec 2 §5: changes of the age range are sent after 500 ms. */
export const AGE_DEBOUNCE_MS = 500;

/** The ages a bound can take, 65 shown as "65+" (spec 2 §5). */
export const AGES: readonly number[] = Array.from({ length: AGE.max - AGE.min + 1 }, (_, i) => AGE.min + i);
export const ageLabel = (age: number) => (age >= AGE.max ? `${AGE.max}+` : String(age));

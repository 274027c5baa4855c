// spec 2 §5 Targeting "Age range": two bounds 18–65 (65 shown as "65+"), clamped so the lower
// never passes the upper (the other bound follows), sent 500 ms after the last change.
import { useEffect, useId, useRef, useState } from 'react';
import type { Targeting } from '../../../../lib/contracts/setup-process';
import { clampAgeRange } from '../../../../lib/campaigns/setup-rules';
import { useTranslation } from '../../../../lib/i18n/react';
import { AGE_DEBOUNCE_MS, AGES, ageLabel } from './targetingMode';
import styles from './TargetingForm.module.css';

type AgeRange = Targeting['age_range'];

export function AgeRangeField({ value, onChange, disabled }: { value: AgeRange; onChange: (next: AgeRange) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const uid = useId();
  const [local, setLocal] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<AgeRange | null>(null);
  const send = useRef(onChange);
  send.current = onChange;

  // A saved value from outside (a reload, another tab's autosave) replaces the shown one unless
  // the user is mid-change.
  useEffect(() => {
    if (!pending.current) setLocal(value);
  }, [value.min, value.max]);

  // An unmount inside the debounce window still sends the last change.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      if (pending.current) send.current(pending.current);
    },
    [],
  );

  const set = (bound: 'min' | 'max', n: number) => {
    const next = clampAgeRange(bound === 'min' ? n : local.min, bound === 'max' ? n : local.max, bound);
    setLocal(next);
    pending.current = next;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      pending.current = null;
      send.current(next);
    }, AGE_DEBOUNCE_MS);
  };

  return (
    <div className={`field ${styles.ageField}`} role="group" aria-labelledby={`${uid}-label`}>
      <span id={`${uid}-label`} className={styles.groupLabel}>
        {t('campaigns.wizard.targeting.age.label')}
      </span>
      <div className={styles.ageInputs}>
        {(['min', 'max'] as const).map((bound, i) => (
          <div key={bound} className={styles.ageBound}>
            {i === 1 && <span aria-hidden="true">–</span>}
            <label className="visually-hidden" htmlFor={`${uid}-${bound}`}>
              {t(`campaigns.wizard.targeting.age.${bound}`)}
            </label>
            <select id={`${uid}-${bound}`} className="input" value={local[bound]} disabled={disabled} onChange={(e) => set(bound, Number(e.target.value))}>
              {AGES.map((a) => (
                <option key={a} value={a}>
                  {ageLabel(a)}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
    </div>
  );
}

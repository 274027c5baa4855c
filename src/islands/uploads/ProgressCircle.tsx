// A determinate progress ring. The arc is drawn with SVG presentation attributes, not inline
// styles, which the content security policy forbids.
import styles from './FileUploader.module.css';

const R = 10;
const C = 2 * Math.PI * R;

export function ProgressCircle({ value, label }: { value: number; label: string }) {
  const percent = Math.round(Math.max(0, Math.min(1, value)) * 100);
  return (
    <svg className={styles.progress} width="24" height="24" viewBox="0 0 24 24" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <circle className={styles.progressTrack} cx="12" cy="12" r={R} fill="none" strokeWidth="3" />
      <circle
        className={styles.progressArc}
        cx="12"
        cy="12"
        r={R}
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray={C}
        strokeDashoffset={C * (1 - percent / 100)}
        transform="rotate(-90 12 12)"
      />
    </svg>
  );
}

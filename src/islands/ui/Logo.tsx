// The Encore mark and wordmark. `compact` shows the mark only (collapsed sidebar).
export function Logo({ compact = false, size = 32, label = 'Encore' }: { compact?: boolean; size?: number; label?: string }) {
  return (
    <span className="encore-logo" role="img" aria-label={label}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#4338ca" />
        <path d="M8.5 22c3.4-1.8 5.2-5.2 5.2-11.5" stroke="#a5abf5" strokeWidth="2.4" fill="none" strokeLinecap="round" />
        <path d="M13.5 22c3.4-1.8 5.2-5.2 5.2-11.5" stroke="#d4d7fb" strokeWidth="2.4" fill="none" strokeLinecap="round" />
        <path d="M18.5 22c3.4-1.8 5.2-5.2 5.2-11.5" stroke="#ffffff" strokeWidth="2.4" fill="none" strokeLinecap="round" />
      </svg>
      {!compact && (
        <span className="encore-logo__word" aria-hidden="true">
          {label}
        </span>
      )}
    </span>
  );
}

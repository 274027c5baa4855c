// The console's button. A disabled button may carry a hint (spec 1 §6: 'You are not authorized to
// perform this action. Please contact your admin'), shown in a tooltip on hover and focus.
import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import { Tooltip } from './Tooltip';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'md' | 'sm' | 'lg';

interface CommonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  /** Shows a spinner and disables the button. */
  busy?: boolean;
  icon?: ReactNode;
  /** An icon by name (usable from .astro files, which cannot pass React elements as props). */
  iconName?: IconName;
}

export function buttonClass({ variant = 'primary', size = 'md', block = false }: CommonProps = {}, extra?: string): string {
  return [styles.button, styles[variant], styles[size], block ? styles.block : '', extra ?? ''].filter(Boolean).join(' ');
}

export const Button = forwardRef<
  HTMLButtonElement,
  CommonProps & ButtonHTMLAttributes<HTMLButtonElement> & { disabledHint?: string }
>(function Button({ variant, size, block, busy = false, icon, iconName, disabledHint, className, children, disabled, type = 'button', ...rest }, ref) {
  // A busy button stays focusable (aria-disabled, clicks ignored): a natively disabled one drops
  // the keyboard focus to <body> the moment it is pressed (issue 20 §2.6: upload, AI autofill).
  const softDisabled = busy && !disabled;
  const { onClick, ...others } = rest;
  const button = (
    <button
      ref={ref}
      type={type}
      className={buttonClass({ variant, size, block }, className)}
      {...others}
      disabled={disabled}
      aria-disabled={softDisabled || rest['aria-disabled'] || undefined}
      aria-busy={busy || undefined}
      onClick={(e) => {
        if (softDisabled || rest['aria-disabled'] === true || rest['aria-disabled'] === 'true') {
          e.preventDefault();
          return;
        }
        onClick?.(e);
      }}
    >
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : (icon ?? (iconName && <Icon name={iconName} size={18} />))}
      {children}
    </button>
  );
  if (disabled && disabledHint) {
    // A disabled button gets no pointer or focus events; the wrapper takes them for the tooltip.
    return (
      <Tooltip content={disabledHint}>
        <span className={block ? styles.hintWrapBlock : styles.hintWrap} tabIndex={0} aria-label={disabledHint}>
          {button}
        </span>
      </Tooltip>
    );
  }
  return button;
});

export function ButtonLink({ variant, size, block, icon, iconName, className, children, ...rest }: Omit<CommonProps, 'busy'> & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a className={buttonClass({ variant, size, block }, className)} {...rest}>
      {icon ?? (iconName && <Icon name={iconName} size={18} />)}
      {children}
    </a>
  );
}

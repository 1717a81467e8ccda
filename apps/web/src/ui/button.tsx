import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'small' | 'medium' | 'large';

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** the full width of its container */
  block?: boolean;
}

/**
 * The classes of a button, for links that look like one (`<Link className={buttonClass(...)}>`).
 * Markup that writes `button button-primary` by hand gets the same look.
 */
export function buttonClass({
  variant = 'primary',
  size = 'medium',
  block = false,
}: ButtonLook = {}): string {
  return [
    'button',
    `button-${variant}`,
    size === 'medium' ? '' : `button-${size}`,
    block ? 'button-block' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLook {
  /** busy: a spinner before the label, clicks ignored, `aria-busy` for screen readers */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button of the design system. While `loading` it stays focusable (focus is not lost when
 * the work starts) but ignores clicks; `disabled` is for actions that cannot be done at all.
 */
export function Button({
  variant,
  size,
  block,
  loading = false,
  className,
  type = 'button',
  onClick,
  children,
  ref,
  ...button
}: ButtonProps) {
  const classes = buttonClass({ variant, size, block });
  return (
    <button
      ref={ref}
      type={type}
      className={className ? `${classes} ${className}` : classes}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...button}
    >
      {loading && <span className="button-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

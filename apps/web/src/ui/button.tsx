import type { AnchorHTMLAttributes, ButtonHTMLAttributes, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';

/**
 * `plain` is the bare button (surface, primary text, no border); `link` looks like a link (an
 * action inside a sentence: "Reintentar", "Cambiar").
 */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'plain' | 'link';
/** `compact` is the back office's density: less padding, the same 44 px touch target. */
export type ButtonSize = 'small' | 'medium' | 'large' | 'compact';

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** the full width of its container */
  block?: boolean;
}

/**
 * The classes of a button (`ButtonLink` gives them to links). The classes are the design system's
 * own: outside ui/ markup does not write them by hand (scripts/check-ui-classes.mjs).
 */
export function buttonClass({
  variant = 'primary',
  size = 'medium',
  block = false,
}: ButtonLook = {}): string {
  if (variant === 'link') return 'link-button';
  return [
    'button',
    variant === 'plain' ? '' : `button-${variant}`,
    size === 'medium' ? '' : `button-${size}`,
    block ? 'button-block' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

function withClass(classes: string, className: string | undefined): string {
  return className ? `${classes} ${className}` : classes;
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
  return (
    <button
      ref={ref}
      type={type}
      className={withClass(buttonClass({ variant, size, block }), className)}
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

type RouterLinkProps = ButtonLook & LinkProps & { href?: never };
type AnchorProps = ButtonLook &
  AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; ref?: Ref<HTMLAnchorElement> };

/**
 * A link that looks like a button: a route of the app (`to`, react-router's Link) or an address
 * outside it (`href`, a plain <a>: a file, a store, another site).
 */
export function ButtonLink(props: RouterLinkProps | AnchorProps) {
  if (props.href !== undefined) {
    const { variant, size, block, className, children, ...anchor } = props as AnchorProps;
    return (
      <a className={withClass(buttonClass({ variant, size, block }), className)} {...anchor}>
        {children}
      </a>
    );
  }
  const { variant, size, block, className, ...link } = props as RouterLinkProps;
  return <Link className={withClass(buttonClass({ variant, size, block }), className as string)} {...link} />;
}

import type { ReactNode } from 'react';

/*
 * The parts TextField and SelectField are made of (through FieldFrame, field-frame.tsx; FieldHint is in
 * field-hint.tsx), for a field they do not cover (a textarea, a
 * file input, a select with its own label look, a group of checkboxes): the same classes, so the
 * look stays one. Tie the hint and the error to the control with aria-describedby yourself.
 */

/** The field's frame: label, box, hint and error stacked (`invalid` marks its box red). */
export function Field({
  invalid = false,
  className,
  children,
}: {
  invalid?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={['field', invalid ? 'field-invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      {children}
    </div>
  );
}

/** The field's visible label; a `legend` when it names a fieldset. */
export function FieldLabel({
  htmlFor,
  as = 'label',
  children,
}: {
  htmlFor?: string;
  as?: 'label' | 'legend';
  children: ReactNode;
}) {
  if (as === 'legend') return <legend className="field-label">{children}</legend>;
  return (
    <label className="field-label" htmlFor={htmlFor}>
      {children}
    </label>
  );
}

/** The bordered box around the control (and what is drawn inside it); `select` adds the arrow. */
export function FieldBox({ select = false, children }: { select?: boolean; children: ReactNode }) {
  return <div className={select ? 'field-box field-select' : 'field-box'}>{children}</div>;
}

/** The classes of the control itself (input, select, textarea) inside a FieldBox. */
export function fieldInputClass(extra?: string): string {
  return extra ? `field-input ${extra}` : 'field-input';
}

/**
 * A field's error, or an action's error shown where a field's would be. `role="alert"` when it
 * appears after an action and is not tied to a control.
 */
export function FieldError({
  id,
  as: Element = 'p',
  role,
  children,
}: {
  id?: string;
  as?: 'p' | 'span';
  role?: 'alert';
  children: ReactNode;
}) {
  return (
    <Element id={id} role={role} className="field-error">
      {children}
    </Element>
  );
}

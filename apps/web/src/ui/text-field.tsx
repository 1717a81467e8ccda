import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'prefix'> {
  label: string;
  /** the field's error, shown under it and announced */
  error?: string | null;
  /** help text under the field, read with it */
  hint?: ReactNode;
  /** extra ids for aria-describedby (a checklist, …) */
  describedBy?: string;
  id?: string;
  /** something drawn inside the field box, before the input (a calling code) */
  prefix?: ReactNode;
  /** something drawn inside the field box, after the input (a show-password button) */
  suffix?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error tied to it (aria-describedby, aria-invalid). */
export function TextField({
  label,
  error,
  hint,
  describedBy,
  id,
  prefix,
  suffix,
  className,
  ref,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedIds = [hint ? hintId : null, error ? errorId : null, describedBy ?? null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field-box">
        {prefix}
        <input
          ref={ref}
          id={inputId}
          className="field-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedIds || undefined}
          {...input}
        />
        {suffix}
      </div>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <div aria-live="polite">
        {error && (
          <p id={errorId} className="field-error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

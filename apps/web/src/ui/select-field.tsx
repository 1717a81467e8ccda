import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  /** the field's error, shown under it and announced */
  error?: string | null;
  /** help text under the field, read with it */
  hint?: ReactNode;
  id?: string;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
}

/** A labelled select with its hint and error tied to it, like TextField. */
export function SelectField({ label, error, hint, id, ref, children, ...select }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const hintId = `${selectId}-hint`;
  const errorId = `${selectId}-error`;
  const describedIds = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={selectId}>
        {label}
      </label>
      <div className="field-box field-select">
        <select
          ref={ref}
          id={selectId}
          className="field-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedIds || undefined}
          {...select}
        >
          {children}
        </select>
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

import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame, useFieldIds } from './field-frame';

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
  const ids = useFieldIds({ id, hint, error });
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} select>
      <select
        ref={ref}
        id={ids.controlId}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

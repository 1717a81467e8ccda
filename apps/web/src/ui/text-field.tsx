import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldFrame, useFieldIds } from './field-frame';

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
  const ids = useFieldIds({ id, hint, error, describedBy });
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      {prefix}
      <input
        ref={ref}
        id={ids.controlId}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...input}
      />
      {suffix}
    </FieldFrame>
  );
}

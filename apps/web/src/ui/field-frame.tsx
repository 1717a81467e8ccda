import { type ReactNode, useId } from 'react';
import { FieldHint } from './field-hint';
import { Field, FieldBox, FieldError, FieldLabel } from './field-parts';

/**
 * The ids a field's control needs: its own (given or generated), its hint's and its error's, and
 * the aria-describedby that ties them (with any extra ids) to the control.
 */
export function useFieldIds({
  id,
  hint,
  error,
  describedBy,
}: {
  id?: string;
  hint?: ReactNode;
  error?: string | null;
  describedBy?: string;
}) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedIds = [hint ? hintId : null, error ? errorId : null, describedBy ?? null]
    .filter(Boolean)
    .join(' ');
  return { controlId, hintId, errorId, describedBy: describedIds || undefined };
}

/**
 * What TextField and SelectField draw around their control, made of the field parts
 * (field-parts.tsx): the label, the box, the hint under it and the error announced politely.
 */
export function FieldFrame({
  ids,
  label,
  hint,
  error,
  className,
  select = false,
  children,
}: {
  ids: ReturnType<typeof useFieldIds>;
  label: string;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
  /** the box draws a select's arrow */
  select?: boolean;
  children: ReactNode;
}) {
  return (
    <Field invalid={Boolean(error)} className={className}>
      <FieldLabel htmlFor={ids.controlId}>{label}</FieldLabel>
      <FieldBox select={select}>{children}</FieldBox>
      {hint && <FieldHint id={ids.hintId}>{hint}</FieldHint>}
      <div aria-live="polite">{error && <FieldError id={ids.errorId}>{error}</FieldError>}</div>
    </Field>
  );
}

import type { InstallmentOption } from '@alcancia/contract';
import { type Ref, useId } from 'react';
import { installmentLabel } from './checkout-rules';

/**
 * The installment selector of the program checkout (spec §5): the provider's options for the
 * card (known from its first six digits), cut to the program's maximum, interest-free ones marked.
 * Until the card number is there, it says so. The error is tied to the field.
 */
export function InstallmentSelect({
  options,
  loading,
  failed,
  value,
  error,
  onChange,
  onBlur,
  ref,
}: {
  /** undefined until the card's first digits are known */
  options: readonly InstallmentOption[] | undefined;
  loading: boolean;
  failed: boolean;
  value: number | null;
  error: string | null;
  onChange(value: number | null): void;
  onBlur(): void;
  ref?: Ref<HTMLSelectElement>;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hint = loading
    ? 'Buscando las cuotas de tu tarjeta…'
    : failed
      ? 'No pudimos consultar las cuotas de esta tarjeta. Podés pagar en 1 pago o revisar el número.'
      : !options
        ? 'Ingresá el número de tu tarjeta para ver las cuotas disponibles.'
        : null;
  const described = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        Cuotas
      </label>
      <div className="field-box field-select">
        <select
          ref={ref}
          id={id}
          name="installments"
          className="field-input"
          value={value === null ? '' : String(value)}
          disabled={!options || options.length === 0}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
          onBlur={onBlur}
        >
          <option value="">Elegí la cantidad de cuotas</option>
          {options?.map((option) => (
            <option key={option.installments} value={option.installments}>
              {installmentLabel(option)}
            </option>
          ))}
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

import type { InstallmentOption } from '@alcancia/contract';
import type { Ref } from 'react';
import { SelectField } from '../../ui/select-field';
import { installmentLabel } from './checkout-rules';

/**
 * The installment selector of the program checkout (spec §5): the provider's options for the
 * card (known from its first six digits), cut to the program's maximum, interest-free ones marked.
 * Until the card number is there, it says so. The error is tied to the field.
 */
export function InstallmentSelect({
  options,
  cashPrice,
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
  /** centavos: the price paid at once, against which each option's cost is told */
  cashPrice: number;
  loading: boolean;
  failed: boolean;
  value: number | null;
  error: string | null;
  onChange(value: number | null): void;
  onBlur(): void;
  ref?: Ref<HTMLSelectElement>;
}) {
  const hint = loading
    ? 'Buscando las cuotas de tu tarjeta…'
    : failed
      ? 'No pudimos consultar las cuotas de esta tarjeta. Podés pagar en 1 pago o revisar el número.'
      : !options
        ? 'Ingresá el número de tu tarjeta para ver las cuotas disponibles.'
        : null;
  return (
    <SelectField
      ref={ref}
      label="Cuotas"
      name="installments"
      hint={hint}
      error={error}
      value={value === null ? '' : String(value)}
      disabled={!options || options.length === 0}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      onBlur={onBlur}
    >
      <option value="">Elegí la cantidad de cuotas</option>
      {options?.map((option) => (
        <option key={option.installments} value={option.installments}>
          {installmentLabel(option, cashPrice)}
        </option>
      ))}
    </SelectField>
  );
}

import type { Ref } from 'react';
import { TextField } from '../../ui/text-field';

const dniPattern = /^[1-9]\d{6,7}$/;

/**
 * The optional DNI for the invoice, as typed ("30.123.456" or "30123456"): empty is fine (the
 * invoice goes to consumidor final), otherwise 7 or 8 digits once dots and spaces are gone.
 */
export function invoiceDocumentOf(typed: string): { document: string | null; error: string | null } {
  const digits = typed.replace(/[.\s]/g, '');
  if (digits === '') return { document: null, error: null };
  if (!dniPattern.test(digits))
    return { document: null, error: 'Ingresá tu DNI: 7 u 8 números, sin puntos.' };
  return { document: digits, error: null };
}

/** "DNI para tu factura (opcional)" under the card form (issue 28): the invoice then names her. */
export function InvoiceDocumentField({
  value,
  error,
  onChange,
  onBlur,
  ref,
}: {
  value: string;
  error: string | null;
  onChange(value: string): void;
  onBlur(): void;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <TextField
      ref={ref}
      label="DNI para tu factura (opcional)"
      name="invoiceDocument"
      inputMode="numeric"
      autoComplete="off"
      maxLength={12}
      hint="Si lo dejás vacío, la factura sale a nombre de consumidor final."
      error={error}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}

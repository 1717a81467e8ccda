import { invoiceDniPattern, invoiceDocumentErrorMessage } from '@alcancia/contract/rules';
import type { Ref } from 'react';
import { TextField } from '../../ui/text-field';

/**
 * The optional DNI for the invoice, as typed ("30.123.456" or "30123456"): empty is fine (the
 * invoice goes to consumidor final), otherwise 7 or 8 digits once dots and spaces are gone.
 */
export function invoiceDocumentOf(typed: string): { document: string | null; error: string | null } {
  const digits = typed.replace(/[.\s]/g, '');
  if (digits === '') return { document: null, error: null };
  if (!invoiceDniPattern.test(digits)) return { document: null, error: invoiceDocumentErrorMessage };
  return { document: digits, error: null };
}

/**
 * "DNI para tu factura (opcional)" at every checkout that asks for her data (issue 28, decision
 * 0133): the program and subscription card forms and the guest membership form.
 */
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

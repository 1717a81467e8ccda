import { useRef, useState } from 'react';
import { InvoiceDocumentField, invoiceDocumentOf } from './invoice-document-field';

/**
 * The optional invoice DNI of a card checkout (program and subscription): its typed value, when it
 * shows its error, the field itself, and the check the card form runs before paying (a wrong DNI
 * blocks the payment, said on the field; `onInvalid` reports it).
 */
export function useInvoiceDocument(onInvalid: () => void) {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  const dni = invoiceDocumentOf(value);

  function validate({ focus }: { focus: boolean }): boolean {
    setTouched(true);
    if (!dni.error) return true;
    if (focus) ref.current?.focus();
    onInvalid();
    return false;
  }

  const field = (
    <InvoiceDocumentField
      ref={ref}
      value={value}
      error={touched ? dni.error : null}
      onChange={(next) => {
        setValue(next);
        setTouched(false);
      }}
      onBlur={() => setTouched(true)}
    />
  );
  return { document: dni.document, validate, field };
}

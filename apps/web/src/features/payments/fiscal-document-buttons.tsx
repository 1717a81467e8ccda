import type { AccountPayment, FiscalDocumentRef } from '@alcancia/contract';
import { useState } from 'react';
import { apiRequest } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { FieldError } from '../../ui/field-parts';

const letterNames = { A: 'A', B: 'B', C: 'C' } as const;
const padded = (value: number, length: number) => String(value).padStart(length, '0');
/** "00003-00000042": punto de venta and number as ARCA prints them. */
export const voucherNumber = (doc: FiscalDocumentRef) =>
  `${padded(doc.pointOfSale, 5)}-${padded(doc.number, 8)}`;

/** Fetches the PDF with her session (bearer, refresh) and saves it under a readable name. */
async function downloadFiscalDocument(doc: FiscalDocumentRef, name: string) {
  const pdf = await apiRequest<Blob>(doc.url.replace(/^\/api/, ''));
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}-${doc.type}-${voucherNumber(doc)}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function DocumentButton({ doc, kind }: { doc: FiscalDocumentRef; kind: 'factura' | 'nota-de-credito' }) {
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');
  const label =
    kind === 'factura' ? `Factura ${letterNames[doc.type]}` : `Nota de crédito ${letterNames[doc.type]}`;
  async function download() {
    setState('loading');
    try {
      await downloadFiscalDocument(doc, kind);
      setState('idle');
    } catch {
      setState('error');
    }
  }
  return (
    <>
      <Button
        variant="secondary"
        onClick={download}
        disabled={state === 'loading'}
        aria-label={`Descargar ${label} ${voucherNumber(doc)} (CAE ${doc.cae})`}
      >
        {state === 'loading' ? 'Descargando…' : `Descargar ${label.toLowerCase()}`}
      </Button>
      {state === 'error' && (
        <FieldError role="alert">
          No pudimos descargar la {kind === 'factura' ? 'factura' : 'nota de crédito'}. Probá de nuevo.
        </FieldError>
      )}
    </>
  );
}

/**
 * Next to the receipt: the electronic invoice ARCA authorized for the payment (issue 28) and a
 * credit note per refund, each a PDF only she can download.
 */
export function FiscalDocumentButtons({ payment }: { payment: AccountPayment }) {
  return (
    <>
      {payment.invoice && <DocumentButton doc={payment.invoice} kind="factura" />}
      {payment.creditNotes.map((note) => (
        <DocumentButton key={note.url} doc={note} kind="nota-de-credito" />
      ))}
    </>
  );
}

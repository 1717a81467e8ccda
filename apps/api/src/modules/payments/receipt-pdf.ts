import PDFDocument from 'pdfkit';
import { pesos } from '../../lib/spanish-format';
import { installmentsText, type PaidTerms } from './paid-terms';

/** Everything a receipt ("comprobante") prints. Amounts in centavos. */
export interface ReceiptData {
  business: { name: string; cuit: string; address: string; email: string };
  buyer: { name: string; email: string };
  concept: string;
  /** what she paid: total, cuotas, cash price and financing cost (decision 0103) */
  terms: PaidTerms;
  currency: string;
  approvedAt: Date;
  /** "Visa terminada en 3704", or the provider's method */
  paymentMethod: string;
  providerPaymentId: string;
  /** given back to her so far, in terms of what she paid (0: none) */
  refundedCentavos: number;
  /** e.g. "Arrepentimiento (ARR-7K2P9Q)" when withdrawn */
  refundNote: string | null;
}

const dateTime = new Intl.DateTimeFormat('es-AR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Argentina/Buenos_Aires',
});

const brands: Record<string, string> = {
  visa: 'Visa',
  master: 'Mastercard',
  amex: 'American Express',
  naranja: 'Naranja',
  cabal: 'Cabal',
  maestro: 'Maestro',
  debvisa: 'Visa Débito',
  debmaster: 'Mastercard Débito',
  account_money: 'Dinero en cuenta de Mercado Pago',
};

/** "Visa terminada en 3704"; the provider's id when it is not a known brand. */
export function paymentMethodLabel(method: string | null, lastFour: string | null): string {
  const brand = method ? (brands[method] ?? method) : 'Tarjeta';
  return lastFour ? `${brand} terminada en ${lastFour}` : brand;
}

/**
 * The receipt as a one-page A4 PDF (pdfkit, standard Helvetica: Spanish accents are in its
 * encoding). Text only, so it reads aloud and its words can be searched and checked.
 */
export function renderReceiptPdf(data: ReceiptData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Comprobante de pago ${data.providerPaymentId}`, Author: data.business.name },
    lang: 'es-AR',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const purple = '#5b2a86';
  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fillColor('#1f1a24').text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
    doc.moveDown(0.3);
  };
  const heading = (text: string) => {
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(13).fillColor(purple).text(text);
    doc.moveDown(0.3);
    doc.fontSize(11);
  };

  doc.font('Helvetica-Bold').fontSize(20).fillColor(purple).text('Comprobante de pago');
  doc.font('Helvetica').fontSize(10).fillColor('#5a5360').text('Documento no válido como factura.');
  doc.fontSize(11);

  heading('Vendedor');
  line('Razón social', data.business.name);
  line('CUIT', data.business.cuit);
  line('Domicilio', data.business.address);
  line('Correo', data.business.email);

  heading('Compradora');
  line('Nombre', data.buyer.name);
  line('Correo', data.buyer.email);

  heading('Pago');
  line('Concepto', data.concept);
  line('Importe', `${pesos(data.terms.totalPaidCentavos)} (${data.currency})`);
  line('Fecha', dateTime.format(data.approvedAt));
  line('Cuotas', installmentsText(data.terms));
  if (data.terms.financingCentavos > 0) {
    line('Precio de contado', pesos(data.terms.priceCentavos));
    line('Costo de financiación', pesos(data.terms.financingCentavos));
  }
  line('Medio de pago', data.paymentMethod);
  line('Número de operación', data.providerPaymentId);

  if (data.refundedCentavos > 0) {
    heading('Devoluciones');
    line('Importe devuelto', pesos(data.refundedCentavos));
    if (data.refundNote) line('Motivo', data.refundNote);
  }

  doc.end();
  return done;
}

import PDFDocument from 'pdfkit';
import encodeQR from 'qr';
import { pesos, spanishDate } from '../../lib/spanish-format';

/** Everything an invoice or credit note prints. Amounts in centavos, dates YYYY-MM-DD. */
export interface InvoicePdfData {
  issuer: {
    name: string;
    cuit: string;
    address: string;
    ivaCondition: 'monotributo' | 'responsable_inscripto';
  };
  /**
   * finalConsumer: the receiver's IVA condition is consumidor final (CondicionIVAReceptorId 5):
   * the comprobante carries the legend "A CONSUMIDOR FINAL" (RG 5824/2026, decision 0282)
   */
  buyer: { name: string; email: string; document: string; finalConsumer: boolean };
  /** "Factura", "Nota de Crédito" */
  title: string;
  letter: 'A' | 'B' | 'C';
  typeCode: number;
  pointOfSale: number;
  number: number;
  issuedOn: string;
  concept: string;
  amountCentavos: number;
  netCentavos: number;
  vatCentavos: number;
  cae: string;
  caeDueDate: string;
  /** credit notes: "Factura C 00001-00000007 del 01/12/2026" */
  associated: string | null;
  /** ARCA's QR: https://www.afip.gob.ar/fe/qr/?p=… */
  qrUrl: string;
}

/** ARCA's QR payload (RG 4892): its fields, as JSON in base64 in the `p` parameter. */
export interface ArcaQrPayload {
  ver: 1;
  fecha: string;
  cuit: number;
  ptoVta: number;
  tipoCmp: number;
  nroCmp: number;
  importe: number;
  moneda: 'PES';
  ctz: 1;
  tipoDocRec: number;
  nroDocRec: number;
  tipoCodAut: 'E';
  codAut: number;
}

export function arcaQrUrl(payload: ArcaQrPayload): string {
  return `https://www.afip.gob.ar/fe/qr/?p=${Buffer.from(JSON.stringify(payload), 'utf8').toString('base64')}`;
}

const ivaLabels = {
  monotributo: 'Responsable Monotributo',
  responsable_inscripto: 'IVA Responsable Inscripto',
};
const padded = (value: number, length: number) => String(value).padStart(length, '0');

/** The QR's modules are drawn as squares this big (points), with a quiet zone of 4 modules. */
export const qrModulePoints = 2.5;

/**
 * The invoice or credit note as a one-page A4 PDF (pdfkit, standard Helvetica): the header with
 * the letter box and the voucher code, issuer and buyer, the item, the totals (class B: IVA
 * contenido under the Ley 27.743 legend), and the CAE with its due date beside ARCA's QR, drawn
 * as vector squares (and a link to the same address).
 */
export function renderInvoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const number = `${padded(data.pointOfSale, 5)}-${padded(data.number, 8)}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `${data.title} ${data.letter} ${number}`, Author: data.issuer.name },
    lang: 'es-AR',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const ink = '#1f1a24';
  const muted = '#5a5360';
  const left = 48;
  const width = doc.page.width - 96;

  // Header: issuer on the left, the letter box in the middle, the voucher on the right.
  doc.rect(left, 48, width, 120).lineWidth(1).strokeColor(ink).stroke();
  doc.rect(left + width / 2 - 28, 48, 56, 56).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(30)
    .fillColor(ink)
    .text(data.letter, left + width / 2 - 28, 56, { width: 56, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(`COD. ${padded(data.typeCode, 3)}`, left + width / 2 - 28, 92, { width: 56, align: 'center' });
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(data.issuer.name, left + 10, 60, { width: width / 2 - 50 });
  doc.font('Helvetica').fontSize(9).fillColor(muted);
  doc.text(data.issuer.address, { width: width / 2 - 50 });
  doc.text(`Condición frente al IVA: ${ivaLabels[data.issuer.ivaCondition]}`, { width: width / 2 - 50 });
  const right = left + width / 2 + 40;
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(ink)
    .text(data.title.toUpperCase(), right, 58, { width: width / 2 - 50 });
  doc.font('Helvetica').fontSize(10);
  doc.text(`Punto de venta: ${padded(data.pointOfSale, 5)}`, { width: width / 2 - 50 });
  doc.text(`Comp. Nro: ${padded(data.number, 8)}`, { width: width / 2 - 50 });
  doc.text(`Fecha de emisión: ${spanishDate(data.issuedOn)}`);
  doc.text(`CUIT: ${data.issuer.cuit}`);
  if (data.buyer.finalConsumer) doc.font('Helvetica-Bold').text('A CONSUMIDOR FINAL').font('Helvetica');

  // Buyer
  let y = 184;
  doc.rect(left, y, width, 62).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Receptor', left + 10, y + 8);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Nombre: ${data.buyer.name}`, left + 10, y + 24, { width: width - 20 });
  doc.text(
    `Condición frente al IVA: Consumidor Final   ${data.buyer.document}   Correo: ${data.buyer.email}`,
    { width: width - 20 },
  );
  if (data.associated) doc.text(`Comprobante asociado: ${data.associated}`, { width: width - 20 });

  // Item
  y = 262;
  doc.rect(left, y, width, 20).fillAndStroke('#efe9f5', ink);
  doc.fillColor(ink).font('Helvetica-Bold').fontSize(10);
  doc.text('Descripción', left + 10, y + 6);
  doc.text('Cant.', left + width - 230, y + 6);
  doc.text('Precio unit.', left + width - 180, y + 6);
  doc.text('Subtotal', left + width - 80, y + 6);
  doc.font('Helvetica').text(data.concept, left + 10, y + 28, { width: width - 260 });
  doc.text('1', left + width - 230, y + 28);
  doc.text(pesos(data.amountCentavos), left + width - 180, y + 28);
  doc.text(pesos(data.amountCentavos), left + width - 80, y + 28);

  // Totals
  y = 360;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Importe total: ${pesos(data.amountCentavos)}`, left, y + 12, { width, align: 'right' });
  if (data.letter === 'B') {
    doc.font('Helvetica').fontSize(9).fillColor(muted);
    doc.text('Régimen de Transparencia Fiscal al Consumidor (Ley 27.743)', left, y + 34, {
      width,
      align: 'right',
    });
    doc.text(`IVA contenido: ${pesos(data.vatCentavos)}`, { width, align: 'right' });
    doc.text(`Otros impuestos nacionales indirectos: ${pesos(0)}`, { width, align: 'right' });
    doc.text(`Precio sin impuestos nacionales: ${pesos(data.netCentavos)}`, { width, align: 'right' });
  }

  // CAE and ARCA's QR
  y = 470;
  const matrix = encodeQR(data.qrUrl, 'raw', { ecc: 'medium' });
  const size = matrix.length * qrModulePoints;
  doc.fillColor('#000000');
  matrix.forEach((row, r) => {
    row.forEach((dark, c) => {
      if (dark)
        doc.rect(left + c * qrModulePoints, y + r * qrModulePoints, qrModulePoints, qrModulePoints).fill();
    });
  });
  doc.link(left, y, size, size, data.qrUrl);
  doc.fillColor(ink).font('Helvetica-Bold').fontSize(11);
  doc.text(`CAE N°: ${data.cae}`, left + size + 24, y + 8);
  doc.text(`Fecha de vto. de CAE: ${spanishDate(data.caeDueDate)}`);
  doc.font('Helvetica').fontSize(9).fillColor(muted).moveDown(0.5);
  doc.text('Comprobante autorizado por ARCA. Verificalo escaneando el código QR.', {
    width: width - size - 24,
  });

  doc.end();
  return done;
}

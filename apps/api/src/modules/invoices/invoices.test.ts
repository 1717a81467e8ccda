import { inflateSync } from 'node:zlib';
import type { AccountPayment } from '@alcancia/contract';
import { and, eq, sql } from 'drizzle-orm';
import decodeQR from 'qr/decode.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { mailsTo } from '../../../test/accounts';
import { testAppForFile } from '../../../test/helpers';
import { operatorSession } from '../../../test/operators';
import {
  type Buyer,
  cardToken,
  createPaymentsTestApp,
  newBuyer,
  ordersOf,
  seedTestPlans,
  settleWebhooks,
  subscribe,
} from '../../../test/payments';
import { pdfText } from '../../../test/pdf-text';
import { payProgram, seedTestProgramCatalog } from '../../../test/programs';
import { fiscalDocuments, paymentRefunds } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { qrModulePoints } from './invoice-pdf';

const t = testAppForFile(
  () => createPaymentsTestApp({ ARCA_CUIT: '30712345678', ARCA_POINT_OF_SALE: '3' }),
  async (app) => {
    await seedTestProgramCatalog(app);
    await seedTestPlans(app);
  },
);

const arca = () => {
  const control = t.app.arcaStandIn;
  if (!control) throw new Error('the ARCA stand-in is not mounted');
  return control;
};

beforeEach(async () => {
  // Each test starts with ARCA's numbering from zero and no ticket; our table starts empty too.
  // One statement per query: the embedded database (PGlite) refuses several in one.
  arca().reset();
  await t.app.db.execute(sql`delete from fiscal_documents`);
  await t.app.db.execute(sql`delete from fiscal_access_tickets`);
});

async function paymentsOf(buyer: Buyer): Promise<AccountPayment[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me/payments', headers: buyer.headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as { payments: AccountPayment[] }).payments;
}

async function buyProgram(programId = 'prog-abierto', installments = 1) {
  const buyer = await newBuyer(t.app);
  const paid = await payProgram(t.app, buyer.headers, {
    programId,
    cardTokenId: await cardToken(t.emulator, 'APRO'),
    installments,
  });
  expect(paid.statusCode).toBe(200);
  await settleWebhooks(t.emulator);
  const [payment] = await paymentsOf(buyer);
  if (!payment) throw new Error('no payment listed');
  return { buyer, payment };
}

const docsOf = (paymentId: number | string) =>
  t.app.db
    .select()
    .from(fiscalDocuments)
    .where(eq(fiscalDocuments.paymentId, Number(paymentId)))
    .orderBy(fiscalDocuments.id);

const today = () => argentinaDate();

/** The dark modules of the QR as drawn in the PDF (its `re` operators), decoded with a QR reader. */
function decodeQrFromPdf(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const rects: { x: number; y: number }[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re/g)) {
      if (Number(op[3]) === qrModulePoints && Number(op[4]) === qrModulePoints) {
        rects.push({ x: Number(op[1]), y: Number(op[2]) });
      }
    }
  }
  expect(rects.length).toBeGreaterThan(100);
  const minX = Math.min(...rects.map((r) => r.x));
  const minY = Math.min(...rects.map((r) => r.y));
  const modules = Math.round((Math.max(...rects.map((r) => r.x)) - minX) / qrModulePoints) + 1;
  // Render the modules as an image, 8 pixels each, with a quiet zone of 4 modules.
  const scale = 8;
  const size = (modules + 8) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (const r of rects) {
    const col = Math.round((r.x - minX) / qrModulePoints) + 4;
    const row = Math.round((r.y - minY) / qrModulePoints) + 4;
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const i = ((row * scale + dy) * size + col * scale + dx) * 4;
        data[i] = 0;
        data[i + 1] = 0;
        data[i + 2] = 0;
      }
    }
  }
  return decodeQR({ width: size, height: size, data });
}

describe('invoices of approved payments', () => {
  it('issues a Factura C with a CAE for a program paid in cuotas: listed in Mi cuenta, mailed, its PDF hers alone', async () => {
    const { buyer, payment } = await buyProgram('prog-abierto', 3);
    // Written with the approval, issued by the job's run (tests run it themselves).
    expect(await docsOf(payment.id)).toEqual([
      expect.objectContaining({ kind: 'invoice', status: 'PENDING' }),
    ]);
    expect((await paymentsOf(buyer))[0]?.invoice).toBeNull();
    expect(await t.app.invoicing.runDue()).toBe(1);

    const [doc] = await docsOf(payment.id);
    expect(doc).toMatchObject({
      status: 'ISSUED',
      voucherType: 11,
      pointOfSale: 3,
      number: 1,
      amountCentavos: payment.amount,
      netCentavos: payment.amount,
      vatCentavos: 0,
      docType: 99,
      docNumber: '0',
      receiverVatCondition: 5,
      issuedOn: today(),
    });
    // ARCA has exactly that voucher: the total she paid, consumidor final, condición 5.
    expect(arca().vouchers(3, 11)).toEqual([
      expect.objectContaining({
        CbteDesde: 1,
        ImpTotal: payment.amount,
        ImpNeto: payment.amount,
        ImpIVA: 0,
        DocTipo: 99,
        DocNro: '0',
        CondicionIVAReceptorId: 5,
        Concepto: 2,
        CodAutorizacion: doc?.cae,
      }),
    ]);

    const [listed] = await paymentsOf(buyer);
    expect(listed?.invoice).toEqual({
      type: 'C',
      pointOfSale: 3,
      number: 1,
      cae: doc?.cae,
      caeDueDate: doc?.caeDueDate,
      url: `/api/users/me/fiscal-documents/${doc?.id}/pdf`,
    });
    expect(listed?.creditNotes).toEqual([]);

    const mail = (await mailsTo(t.app, buyer.email)).find((m) => m.subject.startsWith('Tu factura'));
    expect(mail?.text).toContain('Factura C N.º 00003-00000001');
    expect(mail?.text).toContain(`CAE ${doc?.cae}`);
    expect(mail?.text).toContain('Te la mandamos en PDF con este correo');
    // The PDF travels with the mail over SMTP: the capture received it as an attachment.
    expect(mail?.attachments).toEqual([
      {
        filename: `factura-C-00003-00000001-${today().replace(/-/g, '')}.pdf`,
        contentType: 'application/pdf',
        contentBase64: expect.any(String),
      },
    ]);
    const attached = await pdfText(Buffer.from(mail?.attachments[0]?.contentBase64 ?? '', 'base64'));
    expect(attached).toContain(`CAE N°: ${doc?.cae}`);
    expect(attached).toContain('Comp. Nro: 00000001');

    const pdf = await t.app.inject({
      method: 'GET',
      url: listed?.invoice?.url ?? '',
      headers: buyer.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      'FACTURA',
      'COD. 011',
      'Punto de venta: 00003',
      'Comp. Nro: 00000001',
      `CAE N°: ${doc?.cae}`,
      'Programa Abierto',
      'Consumidor Final',
      'Responsable Monotributo',
      // RG 5824/2026 (issue 39 point 7): a comprobante to a final consumer says so
      'A CONSUMIDOR FINAL',
    ]) {
      expect(text).toContain(expected);
    }

    // The QR drawn in the PDF decodes to ARCA's address with the voucher's JSON.
    const url = decodeQrFromPdf(pdf.rawPayload);
    expect(url.startsWith('https://www.afip.gob.ar/fe/qr/?p=')).toBe(true);
    const payload = JSON.parse(
      Buffer.from(new URL(url).searchParams.get('p') ?? '', 'base64').toString('utf8'),
    );
    expect(payload).toEqual({
      ver: 1,
      fecha: today(),
      cuit: 30712345678,
      ptoVta: 3,
      tipoCmp: 11,
      nroCmp: 1,
      importe: payment.amount / 100,
      moneda: 'PES',
      ctz: 1,
      tipoDocRec: 99,
      nroDocRec: 0,
      tipoCodAut: 'E',
      codAut: Number(doc?.cae),
    });

    const stranger = await newBuyer(t.app);
    const theirs = await t.app.inject({
      method: 'GET',
      url: listed?.invoice?.url ?? '',
      headers: stranger.headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ internalCode: 'NOT_FOUND' });
    const anonymous = await t.app.inject({ method: 'GET', url: listed?.invoice?.url ?? '' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('invoices a pack, a subscription charge and its renewal, one invoice each, numbered in order', async () => {
    const pack = await buyProgram('pack-combo');
    const buyer = await newBuyer(t.app);
    await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Básico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator, 'APRO'),
    });
    await settleWebhooks(t.emulator);
    const [order] = await ordersOf(t.app, buyer.userId);
    t.emulator.control.chargePreapproval(order?.provider_preapproval_id ?? '', 'approved');
    await settleWebhooks(t.emulator);
    // Replayed notifications write nothing more.
    await t.app.invoicing.runDue();

    const theirs = await paymentsOf(buyer);
    expect(theirs.filter((p) => p.status === 'approved')).toHaveLength(2);
    expect(theirs.map((p) => p.invoice?.type)).toEqual(['C', 'C']);
    const numbers = [
      (await paymentsOf(pack.buyer))[0]?.invoice?.number,
      ...theirs.map((p) => p.invoice?.number).reverse(),
    ];
    expect(numbers).toEqual([1, 2, 3]);
    expect(
      arca()
        .vouchers(3, 11)
        .map((v) => v.ImpTotal),
    ).toEqual([pack.payment.amount, 1_000_000, 1_000_000]);
    const { rows } = await t.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from fiscal_documents where kind = 'invoice'`,
    );
    expect(rows[0]?.n).toBe(3);
  });
});

describe('a buyer who gives her DNI at checkout', () => {
  it('is named on the invoice and its credit note with DocTipo 96 and her DNI instead of consumidor final without a document', async () => {
    const buyer = await newBuyer(t.app);
    const pay = async (invoiceDocument: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/mercadopago/payment/program',
        headers: buyer.headers,
        payload: {
          programId: 'prog-abierto',
          cardDetails: {
            identification: { type: 'DNI', number: '12345678' },
            paymentMethodId: 'visa',
            cardTokenId: await cardToken(t.emulator, 'APRO'),
          },
          invoiceDocument,
        },
      });
    const wrong = await pay('30.123.456');
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('Ingresá tu DNI: 7 u 8 números, sin puntos.');
    expect((await pay('30123456')).statusCode).toBe(200);
    await settleWebhooks(t.emulator);
    await t.app.invoicing.runDue();
    const [payment] = await paymentsOf(buyer);
    expect((await docsOf(payment?.id ?? 0))[0]).toMatchObject({
      status: 'ISSUED',
      docType: 96,
      docNumber: '30123456',
      receiverVatCondition: 5,
    });
    expect(arca().vouchers(3, 11)).toEqual([
      expect.objectContaining({ DocTipo: 96, DocNro: '30123456', CondicionIVAReceptorId: 5 }),
    ]);
    const pdf = await t.app.inject({
      method: 'GET',
      url: payment?.invoice?.url ?? '',
      headers: buyer.headers,
    });
    expect(await pdfText(pdf.rawPayload)).toContain('DNI: 30123456');

    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/withdrawals',
      headers: buyer.headers,
      payload: { paymentId: payment?.id },
    });
    expect(withdrawn.statusCode).toBe(200);
    await settleWebhooks(t.emulator);
    await t.app.invoicing.runDue();
    expect(arca().vouchers(3, 13)).toEqual([expect.objectContaining({ DocTipo: 96, DocNro: '30123456' })]);
  });
});

describe('a subscriber who gives her DNI at the card checkout', () => {
  it('has every charge of her agreement invoiced with DocTipo 96 and her DNI; without one, consumidor final (99); a wrong one is refused in Spanish', async () => {
    const subscribeWith = async (buyer: Buyer, invoiceDocument?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/mercadopago/suscription',
        headers: buyer.headers,
        payload: {
          subscriptionPlanName: 'Plan Básico',
          subscriptionPlanFrequency: 'monthly',
          cardToken: await cardToken(t.emulator, 'APRO'),
          ...(invoiceDocument === undefined ? {} : { invoiceDocument }),
        },
      });
    const withDni = await newBuyer(t.app);
    const wrong = await subscribeWith(withDni, '30.123.456');
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('Ingresá tu DNI: 7 u 8 números, sin puntos.');
    expect(await ordersOf(t.app, withDni.userId)).toHaveLength(0);
    expect((await subscribeWith(withDni, ' 30123456 ')).statusCode).toBe(200);
    const without = await newBuyer(t.app);
    // A blank box is no DNI.
    expect((await subscribeWith(without, '  ')).statusCode).toBe(200);
    await settleWebhooks(t.emulator);
    // Her renewal is invoiced to her DNI too: it lives with the agreement's order.
    const [order] = await ordersOf(t.app, withDni.userId);
    t.emulator.control.chargePreapproval(order?.provider_preapproval_id ?? '', 'approved');
    await settleWebhooks(t.emulator);
    await t.app.invoicing.runDue();

    const hers = (await paymentsOf(withDni)).filter((p) => p.status === 'approved');
    expect(hers).toHaveLength(2);
    for (const payment of hers) {
      expect((await docsOf(payment.id))[0]).toMatchObject({
        kind: 'invoice',
        status: 'ISSUED',
        docType: 96,
        docNumber: '30123456',
        receiverVatCondition: 5,
      });
    }
    const [theirs] = await paymentsOf(without);
    expect((await docsOf(theirs?.id ?? 0))[0]).toMatchObject({
      status: 'ISSUED',
      docType: 99,
      docNumber: '0',
    });
    expect(
      arca()
        .vouchers(3, 11)
        .map((v) => [v.DocTipo, String(v.DocNro)])
        .sort(),
    ).toEqual([
      [96, '30123456'],
      [96, '30123456'],
      [99, '0'],
    ]);
    const pdf = await t.app.inject({
      method: 'GET',
      url: hers[0]?.invoice?.url ?? '',
      headers: withDni.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('DNI: 30123456');
  });
});

describe('credit notes of refunds', () => {
  it('issues a Nota de Crédito C tied to its invoice when she withdraws, listed with the payment', async () => {
    const { buyer, payment } = await buyProgram();
    await t.app.invoicing.runDue();
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/withdrawals',
      headers: buyer.headers,
      payload: { paymentId: payment.id },
    });
    expect(withdrawn.statusCode).toBe(200);
    await settleWebhooks(t.emulator);
    await t.app.invoicing.runDue();

    const [invoice, note] = await docsOf(payment.id);
    expect(note).toMatchObject({
      kind: 'credit_note',
      status: 'ISSUED',
      voucherType: 13,
      number: 1,
      amountCentavos: payment.amount,
    });
    expect(arca().vouchers(3, 13)).toEqual([
      expect.objectContaining({
        ImpTotal: payment.amount,
        CbtesAsoc: [expect.objectContaining({ Tipo: 11, PtoVta: 3, Nro: invoice?.number })],
      }),
    ]);
    const [listed] = await paymentsOf(buyer);
    expect(listed?.creditNotes).toEqual([
      expect.objectContaining({ type: 'C', pointOfSale: 3, number: 1, cae: note?.cae }),
    ]);
    const pdf = await t.app.inject({
      method: 'GET',
      url: listed?.creditNotes[0]?.url ?? '',
      headers: buyer.headers,
    });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('NOTA DE CRÉDITO');
    expect(text).toContain('COD. 013');
    expect(text).toContain('Comprobante asociado: Factura C 00003-00000001');

    // Her credit note's mail carries its PDF too.
    const mail = (await mailsTo(t.app, buyer.email)).find((m) => m.subject.startsWith('Tu nota de crédito'));
    expect(mail?.attachments.map((f) => f.contentType)).toEqual(['application/pdf']);
    const attached = await pdfText(Buffer.from(mail?.attachments[0]?.contentBase64 ?? '', 'base64'));
    expect(attached).toContain('NOTA DE CRÉDITO');
    expect(attached).toContain(`CAE N°: ${note?.cae}`);
  });

  it('issues one credit note per operator refund from the back office, however often it is asked', async () => {
    const { buyer, payment } = await buyProgram();
    const admin = await operatorSession(t.app, 'admin');
    // A partial refund pressed twice with the panel's key, then the rest.
    for (let i = 0; i < 2; i++) {
      const refunded = await t.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${payment.id}/refunds`,
        headers: admin.headers,
        payload: { amount: 1_000_000, idempotencyKey: `panel-${payment.id}-first` },
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
    }
    const rest = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/refunds`,
      headers: admin.headers,
      payload: { idempotencyKey: `panel-${payment.id}-rest` },
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const refunds = await t.app.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, Number(payment.id)))
      .orderBy(paymentRefunds.id);
    expect(refunds.map((r) => [r.reason, r.status])).toEqual([
      ['operator', 'SUCCESS'],
      ['operator', 'SUCCESS'],
    ]);
    // Credit notes wait for their invoice: one run issues the invoice first, then both notes.
    await t.app.invoicing.runDue();
    const docs = await docsOf(payment.id);
    expect(docs.map((d) => [d.kind, d.status, d.amountCentavos, d.number])).toEqual([
      ['invoice', 'ISSUED', payment.amount, 1],
      ['credit_note', 'ISSUED', 1_000_000, 1],
      ['credit_note', 'ISSUED', payment.amount - 1_000_000, 2],
    ]);
    expect(
      arca()
        .vouchers(3, 13)
        .map((v) => [v.ImpTotal, v.CbtesAsoc?.[0]?.Nro]),
    ).toEqual([
      [1_000_000, 1],
      [payment.amount - 1_000_000, 1],
    ]);
    expect((await paymentsOf(buyer))[0]?.creditNotes.map((n) => n.number)).toEqual([1, 2]);
  });

  it('issues a credit note for the unused days an upgrade gives back, tied to the old plan’s invoice', async () => {
    const buyer = await newBuyer(t.app);
    await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Básico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator, 'APRO'),
    });
    await settleWebhooks(t.emulator);
    await t.app.invoicing.runDue();
    // Paid ten days ago: the upgrade gives back about two thirds of it.
    await t.app.db.execute(
      sql`update payments set approved_at = now() - make_interval(days => 10)
           where order_id in (select id from payment_orders where user_id = ${buyer.userId})`,
    );
    const upgraded = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Platino',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator, 'APRO'),
    });
    expect(upgraded.json()).toMatchObject({ isUpgradeSubscription: true, refundStatus: 'SUCCESS' });
    await settleWebhooks(t.emulator);
    await t.app.invoicing.runDue();

    const { rows } = await t.app.db.execute<{ id: number; payment_id: number; amount_centavos: number }>(
      sql`select id, payment_id, amount_centavos from payment_refunds
           where reason = 'upgrade' and payment_id in (select p.id from payments p
             join payment_orders o on o.id = p.order_id where o.user_id = ${buyer.userId})`,
    );
    const [refund] = rows;
    expect(refund?.amount_centavos).toBeGreaterThan(0);
    expect(refund?.amount_centavos).toBeLessThan(1_000_000);
    const [oldInvoice, note] = await docsOf(refund?.payment_id ?? 0);
    expect(oldInvoice).toMatchObject({ kind: 'invoice', status: 'ISSUED', amountCentavos: 1_000_000 });
    expect(note).toMatchObject({
      kind: 'credit_note',
      status: 'ISSUED',
      voucherType: 13,
      refundId: Number(refund?.id),
      amountCentavos: refund?.amount_centavos,
    });
    expect(arca().vouchers(3, 13)).toEqual([
      expect.objectContaining({
        ImpTotal: refund?.amount_centavos,
        CbtesAsoc: [expect.objectContaining({ Tipo: 11, PtoVta: 3, Nro: oldInvoice?.number })],
      }),
    ]);
    // Mi cuenta lists the note with the old plan's payment; the new plan's charge has its own invoice.
    const listed = await paymentsOf(buyer);
    const old = listed.find((p) => Number(p.id) === Number(refund?.payment_id));
    expect(old?.creditNotes).toEqual([expect.objectContaining({ type: 'C', cae: note?.cae })]);
    expect(listed.filter((p) => p.invoice).map((p) => p.invoice?.type)).toEqual(['C', 'C']);
  });
});

describe('numbering', () => {
  it('never skips or repeats a number when many documents are issued at once', async () => {
    const bought = await Promise.all(Array.from({ length: 6 }, () => buyProgram()));
    const ids = (
      await t.app.db
        .select({ id: fiscalDocuments.id })
        .from(fiscalDocuments)
        .where(eq(fiscalDocuments.kind, 'invoice'))
    ).map((r) => r.id);
    expect(ids).toHaveLength(6);
    // Every document tried at the same time, as several processes would: the advisory lock
    // serializes them per punto de venta and type.
    const outcomes = await Promise.all([
      ...ids.map((id) => t.app.invoicing.issue(id)),
      t.app.invoicing.runDue(),
    ]);
    expect(outcomes.slice(0, 6)).toEqual(Array(6).fill('ISSUED'));
    const numbers = (await t.app.db.select().from(fiscalDocuments))
      .map((d) => d.number)
      .sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6]);
    expect(
      arca()
        .vouchers(3, 11)
        .map((v) => v.CbteDesde),
    ).toEqual([1, 2, 3, 4, 5, 6]);
    expect(bought).toHaveLength(6);
  });

  it('after an answer lost to a timeout, asks ARCA and keeps the voucher instead of issuing twice', async () => {
    const { payment } = await buyProgram();
    const [doc] = await docsOf(payment.id);
    // ARCA authorizes number 1 but the answer never comes (the client gives up).
    // Logged in first, at the normal wait: only the lost answer waits briefly.
    expect(await t.app.fiscalAuthority?.lastAuthorized(3, 11)).toBe(0);
    arca().armFault({ operation: 'FECAESolicitar', mode: 'hang-after' });
    const fast = Object.assign(t.app.config.invoicing, { timeoutMs: 1_000 });
    try {
      expect(await t.app.invoicing.issue(doc?.id ?? 0)).toBe('PENDING');
    } finally {
      fast.timeoutMs = 20_000;
    }
    const [held] = await docsOf(payment.id);
    expect(held).toMatchObject({ status: 'PENDING', number: 1, cae: null });
    expect(held?.lastError).toMatch(/no answer within/);
    expect(arca().vouchers(3, 11)).toHaveLength(1);

    // The next try consults number 1 first and takes its CAE: no second voucher for the sale.
    expect(await t.app.invoicing.issue(doc?.id ?? 0)).toBe('ISSUED');
    const [issued] = await docsOf(payment.id);
    expect(issued).toMatchObject({
      status: 'ISSUED',
      number: 1,
      cae: arca().vouchers(3, 11)[0]?.CodAutorizacion,
    });
    expect(arca().vouchers(3, 11)).toHaveLength(1);
    expect(arca().calls('FECompConsultar').length).toBeGreaterThan(0);

    // The next sale gets number 2.
    const next = await buyProgram();
    await t.app.invoicing.runDue();
    expect((await docsOf(next.payment.id))[0]).toMatchObject({ status: 'ISSUED', number: 2 });
  });

  it('reuses a held number that ARCA never authorized (killed before the request), and frees a rejected one', async () => {
    const first = await buyProgram();
    const second = await buyProgram();
    const [a] = await docsOf(first.payment.id);
    const [b] = await docsOf(second.payment.id);
    // A process died after holding number 1 for the first document, before asking ARCA.
    await t.app.db
      .update(fiscalDocuments)
      .set({ number: 1, pointOfSale: 3, voucherType: 11, attempts: 1 })
      .where(eq(fiscalDocuments.id, a?.id ?? 0));
    // The second goes first: number 1 is not at ARCA, so it is free again and the second takes it.
    expect(await t.app.invoicing.issue(b?.id ?? 0)).toBe('ISSUED');
    expect(await t.app.invoicing.issue(a?.id ?? 0)).toBe('ISSUED');
    expect((await docsOf(second.payment.id))[0]?.number).toBe(1);
    expect((await docsOf(first.payment.id))[0]?.number).toBe(2);

    // Refused by ARCA: nothing authorized, the number stays free, the try counts; the retry issues 3.
    const third = await buyProgram();
    const [c] = await docsOf(third.payment.id);
    arca().armFault({ operation: 'FECAESolicitar', mode: 'reject', code: 10016, message: 'rechazado' });
    expect(await t.app.invoicing.issue(c?.id ?? 0)).toBe('PENDING');
    expect((await docsOf(third.payment.id))[0]).toMatchObject({
      number: null,
      lastError: expect.stringContaining('10016'),
    });
    expect(await t.app.invoicing.issue(c?.id ?? 0)).toBe('ISSUED');
    expect((await docsOf(third.payment.id))[0]?.number).toBe(3);
    expect(
      arca()
        .vouchers(3, 11)
        .map((v) => v.CbteDesde),
    ).toEqual([1, 2, 3]);
  });

  it('leaves a document FAILED after its last try, for an operator to retry', async () => {
    const { payment } = await buyProgram();
    const [doc] = await docsOf(payment.id);
    await t.app.db
      .update(fiscalDocuments)
      .set({ attempts: 8 })
      .where(eq(fiscalDocuments.id, doc?.id ?? 0));
    arca().armFault({ operation: 'FECompUltimoAutorizado', mode: 'http500-before' });
    expect(await t.app.invoicing.issue(doc?.id ?? 0)).toBe('FAILED');
    expect(await t.app.invoicing.retry(doc?.id ?? 0)).toBe('ISSUED');
    const [issued] = await t.app.db
      .select()
      .from(fiscalDocuments)
      .where(and(eq(fiscalDocuments.id, doc?.id ?? 0), eq(fiscalDocuments.status, 'ISSUED')));
    expect(issued?.number).toBe(1);
  });
});

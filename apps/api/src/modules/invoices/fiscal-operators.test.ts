import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createGuestPreference, guestPayload } from '../../../test/guest-memberships';
import { testAppForFile } from '../../../test/helpers';
import { operatorSession } from '../../../test/operators';
import {
  cardToken,
  createPaymentsTestApp,
  eventually,
  newBuyer,
  payOnCheckoutPage,
  preferenceIdOf,
  settleWebhooks,
} from '../../../test/payments';
import { pdfText } from '../../../test/pdf-text';
import { payProgram, seedTestProgramCatalog } from '../../../test/programs';
import { fiscalAccessTickets, fiscalDocuments, paymentOrders, payments } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { seedDemoSubscriptions } from '../subscriptions/seed-demo-subscriptions';
import { invoicesJob } from './register-invoicing';

// A responsable inscripto: Factura B and Nota de Crédito B, IVA contained in the price.
const t = testAppForFile(
  () => createPaymentsTestApp({ ARCA_CUIT: '20123456786', ARCA_IVA_CONDITION: 'responsable_inscripto' }),
  async (app) => {
    await seedTestProgramCatalog(app);
    await seedDemoSubscriptions(app.db);
  },
);

const arca = () => {
  if (!t.app.arcaStandIn) throw new Error('no stand-in');
  return t.app.arcaStandIn;
};

const docsOf = (paymentId: number) =>
  t.app.db
    .select()
    .from(fiscalDocuments)
    .where(eq(fiscalDocuments.paymentId, paymentId))
    .orderBy(fiscalDocuments.id);

async function programPaymentId(headers: { authorization: string }): Promise<number> {
  const paid = await payProgram(t.app, headers, {
    programId: 'prog-abierto',
    cardTokenId: await cardToken(t.emulator, 'APRO'),
  });
  expect(paid.statusCode).toBe(200);
  await settleWebhooks(t.emulator);
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me/payments', headers });
  return Number((res.json() as { payments: { id: string }[] }).payments[0]?.id);
}

describe('a responsable inscripto', () => {
  it('issues Factura B with the IVA contained and the Ley 27.743 legend, for a guest membership too', async () => {
    const buyer = await newBuyer(t.app);
    const paymentId = await programPaymentId(buyer.headers);

    // A guest membership paid on Checkout Pro, without an account.
    const email = `invitada.${Date.now()}@example.com`;
    const preference = await createGuestPreference(t.app, guestPayload('ORO', { email }));
    expect(preference.statusCode).toBe(200);
    const prefId = preferenceIdOf(preference.json() as { init_point: string });
    await payOnCheckoutPage(t.emulator, prefId, email);
    await settleWebhooks(t.emulator);
    const guestPayment = await eventually(async () => {
      const [row] = await t.app.db
        .select({ id: payments.id, amount: payments.amountCentavos })
        .from(payments)
        .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
        .where(eq(paymentOrders.providerPreferenceId, prefId));
      if (!row) throw new Error('no guest payment yet');
      return row;
    });

    // Run by the queue's own job, as production does.
    await t.app.jobs.send(invoicesJob);
    await eventually(async () => {
      const pending = await t.app.db
        .select()
        .from(fiscalDocuments)
        .where(eq(fiscalDocuments.status, 'PENDING'));
      expect(pending).toEqual([]);
    }, 15_000);

    const [invoice] = await docsOf(paymentId);
    const total = invoice?.amountCentavos ?? 0;
    const net = Math.round(total / 1.21);
    expect(invoice).toMatchObject({
      status: 'ISSUED',
      voucherType: 6,
      number: 1,
      netCentavos: net,
      vatCentavos: total - net,
    });
    const [guestInvoice] = await docsOf(guestPayment.id);
    expect(guestInvoice).toMatchObject({
      status: 'ISSUED',
      voucherType: 6,
      number: 2,
      amountCentavos: guestPayment.amount,
    });
    expect(arca().vouchers(1, 6)).toEqual([
      expect.objectContaining({
        ImpTotal: total,
        ImpNeto: net,
        ImpIVA: total - net,
        Iva: [{ Id: 5, BaseImp: net, Importe: total - net }],
        CondicionIVAReceptorId: 5,
      }),
      expect.objectContaining({ ImpTotal: guestPayment.amount }),
    ]);

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/payments',
      headers: buyer.headers,
    });
    const url = (listed.json() as { payments: { invoice: { type: string; url: string } }[] }).payments[0]
      ?.invoice;
    expect(url?.type).toBe('B');
    const pdf = await t.app.inject({ method: 'GET', url: url?.url ?? '', headers: buyer.headers });
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('COD. 006');
    expect(text).toContain('IVA Responsable Inscripto');
    expect(text).toContain('Régimen de Transparencia Fiscal al Consumidor (Ley 27.743)');
    expect(text).toContain('A CONSUMIDOR FINAL');
    expect(text.replace(/\s+/g, ' ')).toContain(
      `IVA contenido: $ ${((total - net) / 100).toLocaleString('es-AR', { minimumFractionDigits: 2 })}`,
    );
  });

  it('tells the web to show "Precio sin impuestos nacionales" beside its prices', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(config.json()).toMatchObject({ showPriceWithoutNationalTaxes: true });
  });

  it('logs in again when ARCA expires the ticket, and keeps one ticket for every process', async () => {
    const buyer = await newBuyer(t.app);
    const paymentId = await programPaymentId(buyer.headers);
    await t.app.invoicing.runDue();
    const logins = arca().calls('loginCms').length;
    const [ticket] = await t.app.db.select().from(fiscalAccessTickets);
    expect(ticket?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 11 * 3600_000);

    arca().expireTickets();
    const second = await programPaymentId((await newBuyer(t.app)).headers);
    await t.app.invoicing.runDue();
    expect(arca().calls('loginCms').length).toBe(logins + 1);
    expect((await docsOf(second))[0]?.status).toBe('ISSUED');
    expect((await docsOf(paymentId))[0]?.status).toBe('ISSUED');
  });
});

describe('a duplicate payment', () => {
  it('a Checkout Pro page paid twice: the second payment is invoiced and its refund gets a Nota de Crédito B', async () => {
    const email = `doble.${Date.now()}@example.com`;
    const preference = await createGuestPreference(t.app, guestPayload('ORO', { email }));
    expect(preference.statusCode).toBe(200);
    const prefId = preferenceIdOf(preference.json() as { init_point: string });
    for (let i = 0; i < 2; i++) {
      await payOnCheckoutPage(t.emulator, prefId, email);
      await settleWebhooks(t.emulator);
    }
    const paid = await eventually(async () => {
      const rows = await t.app.db
        .select({ id: payments.id, amount: payments.amountCentavos, refunded: payments.refundedCentavos })
        .from(payments)
        .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
        .where(eq(paymentOrders.providerPreferenceId, prefId))
        .orderBy(payments.id);
      expect(rows.map((r) => r.refunded)).toEqual([0, rows[1]?.amount]);
      return rows;
    });
    await t.app.invoicing.runDue();

    const [first, second] = paid;
    expect((await docsOf(first?.id ?? 0)).map((d) => [d.kind, d.status])).toEqual([['invoice', 'ISSUED']]);
    const [invoice, note] = await docsOf(second?.id ?? 0);
    expect(invoice).toMatchObject({ kind: 'invoice', status: 'ISSUED', voucherType: 6 });
    expect(note).toMatchObject({
      kind: 'credit_note',
      status: 'ISSUED',
      voucherType: 8,
      amountCentavos: second?.amount,
      netCentavos: Math.round((second?.amount ?? 0) / 1.21),
    });
    const [voucher] = arca()
      .vouchers(1, 8)
      .filter((v) => v.CodAutorizacion === note?.cae);
    expect(voucher).toMatchObject({
      ImpTotal: second?.amount,
      CbtesAsoc: [expect.objectContaining({ Tipo: 6, PtoVta: 1, Nro: invoice?.number })],
    });
  });
});

describe('the back office fiscal page', () => {
  it('lists the month, exports the sales book, shows the issuer, and lets an admin (not support) retry', async () => {
    const buyer = await newBuyer(t.app);
    const paymentId = await programPaymentId(buyer.headers);
    const [doc] = await docsOf(paymentId);
    // Every try failed: ARCA did not answer.
    await t.app.db
      .update(fiscalDocuments)
      .set({ attempts: 8 })
      .where(eq(fiscalDocuments.id, doc?.id ?? 0));
    arca().armFault({ operation: 'FECompUltimoAutorizado', mode: 'http500-before' });
    expect(await t.app.invoicing.issue(doc?.id ?? 0)).toBe('FAILED');

    const admin = await operatorSession(t.app, 'admin');
    const support = await operatorSession(t.app, 'support');
    const month = argentinaDate().slice(0, 7);

    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/fiscal/documents?month=${month}&status=FAILED`,
      headers: support.headers,
    });
    expect(listed.statusCode).toBe(200);
    const body = listed.json() as {
      documents: { id: string; status: string; lastError: string; buyerEmail: string }[];
      counts: { FAILED: number };
    };
    expect(body.counts.FAILED).toBeGreaterThanOrEqual(1);
    expect(body.documents).toContainEqual(
      expect.objectContaining({
        id: String(doc?.id),
        status: 'FAILED',
        buyerEmail: buyer.email,
        lastError: expect.stringContaining('HTTP 500'),
      }),
    );

    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/fiscal/documents/${doc?.id}/retry`,
      headers: support.headers,
    });
    expect(refused.statusCode).toBe(403);
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/fiscal/documents/${doc?.id}/retry`,
      headers: admin.headers,
    });
    expect(retried.json()).toEqual({ status: 'ISSUED' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/fiscal/documents/${doc?.id}/retry`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(409);
    const { rows } = await t.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'fiscal_document.retry' and target_id = ${String(doc?.id)}`,
    );
    expect(rows[0]?.n).toBe(1);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/fiscal/sales-book?month=${month}`,
      headers: support.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Fecha;Tipo;Código;Punto de venta;Número;CAE;Vencimiento CAE;Tipo doc. receptor;Nro. doc. receptor;Receptor;Concepto;Neto gravado;IVA;Total',
    );
    const [issued] = await docsOf(paymentId);
    const line = lines.find((l) => l.includes(issued?.cae ?? 'none'));
    const total = issued?.amountCentavos ?? 0;
    expect(line).toBe(
      [
        argentinaDate(),
        'Factura B',
        '6',
        '1',
        String(issued?.number),
        issued?.cae,
        issued?.caeDueDate,
        '99',
        '0',
        buyer.email,
        'Programa Abierto',
        ((issued?.netCentavos ?? 0) / 100).toFixed(2).replace('.', ','),
        ((issued?.vatCentavos ?? 0) / 100).toFixed(2).replace('.', ','),
        (total / 100).toFixed(2).replace('.', ','),
      ].join(';'),
    );

    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/admin/fiscal/settings',
      headers: support.headers,
    });
    expect(settings.json()).toEqual({
      mode: 'stand-in',
      environment: 'homologacion',
      cuit: '20123456786',
      pointOfSale: 1,
      ivaCondition: 'responsable_inscripto',
      invoiceLabel: 'Factura B',
      creditNoteLabel: 'Nota de Crédito B',
    });
  });
});

describe('the sales book', () => {
  it("writes a name an editor typed as a formula as text, and a credit note's amounts as negative numbers", async () => {
    const formula = '=HYPERLINK("http://x","y")';
    const editor = await operatorSession(t.app, 'editor');
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/courses/prog-una-cuota',
      headers: editor.headers,
      payload: { name: formula },
    });
    expect(renamed.statusCode).toBe(200);

    const buyer = await newBuyer(t.app);
    const paid = await payProgram(t.app, buyer.headers, {
      programId: 'prog-una-cuota',
      cardTokenId: await cardToken(t.emulator, 'APRO'),
    });
    expect(paid.statusCode).toBe(200);
    await settleWebhooks(t.emulator);
    const [payment] = await t.app.db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
      .where(eq(paymentOrders.payerEmail, buyer.email));
    const paymentId = payment?.id ?? 0;
    await t.app.invoicing.runDue();
    const admin = await operatorSession(t.app, 'admin');
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/refunds`,
      headers: admin.headers,
      payload: {},
    });
    expect(refunded.statusCode).toBe(200);
    await settleWebhooks(t.emulator);
    const [invoice, note] = await eventually(async () => {
      await t.app.invoicing.runDue();
      const docs = await docsOf(paymentId);
      expect(docs.map((d) => [d.kind, d.status])).toEqual([
        ['invoice', 'ISSUED'],
        ['credit_note', 'ISSUED'],
      ]);
      return docs;
    });

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/fiscal/sales-book?month=${argentinaDate().slice(0, 7)}`,
      headers: admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    const lineOf = (cae: string | null | undefined) =>
      csv.body.split('\r\n').find((l) => cae && l.includes(cae)) ?? '';
    const pesos = (centavos: number) => (centavos / 100).toFixed(2).replace('.', ',');
    const total = invoice?.amountCentavos ?? 0;
    // the name's cell is quoted and begins with a single quote: the sheet shows the text, runs nothing
    expect(lineOf(invoice?.cae)).toContain(`;"'=HYPERLINK(""http://x"",""y"")";`);
    expect(lineOf(invoice?.cae).endsWith(`;${pesos(total)}`)).toBe(true);
    // our own negative amounts stay numbers: no quote in front
    expect(lineOf(note?.cae)).toContain(`;"'=HYPERLINK(""http://x"",""y"")";`);
    expect(lineOf(note?.cae).endsWith(`;-${pesos(total)}`)).toBe(true);
  });
});

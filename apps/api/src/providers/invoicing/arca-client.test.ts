import { arcaWsaaPath, arcaWsfePath, type RunningArcaStandIn, startArcaStandIn } from '@alcancia/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ArcaClient, MemoryTicketStore } from './arca-client';
import { FiscalUnavailableError, type VoucherRequest } from './fiscal-authority';

const cuit = '30712345678';
let arca: RunningArcaStandIn;

beforeAll(async () => {
  arca = await startArcaStandIn({ cuit, hangMs: 5_000 });
});
afterAll(async () => {
  await arca.close();
});
beforeEach(() => {
  arca.control.reset();
});

function client(tickets = new MemoryTicketStore(), timeoutMs: number | (() => number) = 5_000) {
  return new ArcaClient({
    cuit,
    wsaaUrl: `${arca.url}${arcaWsaaPath}`,
    wsfeUrl: `${arca.url}${arcaWsfePath}`,
    credentials: async () => arca.control.credentials(),
    tickets,
    timeoutMs,
  });
}

const today = () => new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');

function facturaC(number: number, totalCentavos = 1_190_000): VoucherRequest {
  return {
    pointOfSale: 1,
    type: 11,
    number,
    concept: 2,
    docType: 99,
    docNumber: '0',
    date: today(),
    totalCentavos,
    netCentavos: totalCentavos,
    vatCentavos: 0,
    vat: [],
    serviceFrom: today(),
    serviceTo: today(),
    paymentDue: today(),
    receiverVatCondition: 5,
    associated: [],
  };
}

describe('ARCA client against the stand-in', () => {
  it('logs in with a CMS-signed TRA, reads the last number and authorizes the next voucher', async () => {
    const authority = client();
    expect(await authority.health()).toBe(true);
    expect(await authority.lastAuthorized(1, 11)).toBe(0);
    const result = await authority.authorize(facturaC(1));
    expect(result).toMatchObject({ outcome: 'approved', cae: expect.stringMatching(/^\d{14}$/) });
    expect(await authority.lastAuthorized(1, 11)).toBe(1);
    const read = await authority.consult(1, 11, 1);
    expect(read).toMatchObject({ number: 1, totalCentavos: 1_190_000, docType: 99 });
    expect(read?.cae).toBe(result.outcome === 'approved' ? result.cae : '');
    expect(await authority.consult(1, 11, 2)).toBeNull();
    expect(arca.control.calls('loginCms')).toHaveLength(1);
  });

  it('refuses a second login while a ticket is live, and a skipped number or wrong totals', async () => {
    const first = client();
    await first.lastAuthorized(1, 11);
    // Another process without the shared ticket store: WSAA refuses it.
    const second = client(new MemoryTicketStore());
    await expect(second.lastAuthorized(1, 11)).rejects.toThrow(/coe\.alreadyAuthenticated/);

    const skipped = await first.authorize(facturaC(2));
    expect(skipped).toMatchObject({
      outcome: 'rejected',
      problems: [expect.objectContaining({ code: 10016 })],
    });
    const badTotals = await first.authorize({ ...facturaC(1), netCentavos: 1_000_000 });
    expect(badTotals).toMatchObject({
      outcome: 'rejected',
      problems: [expect.objectContaining({ code: 10048 })],
    });
    const missingCondition = await first.authorize({
      ...facturaC(1),
      receiverVatCondition: undefined as unknown as number,
    });
    expect(missingCondition).toMatchObject({
      outcome: 'rejected',
      problems: [expect.objectContaining({ code: 10246 })],
    });
    const wrongCondition = await first.authorize({
      ...facturaC(1),
      receiverVatCondition: 1,
      type: 6,
      vat: [],
      vatCentavos: 0,
    });
    expect(wrongCondition.outcome).toBe('rejected');
    if (wrongCondition.outcome === 'rejected') {
      expect(wrongCondition.problems.map((p) => p.code)).toContain(10242);
    }
    expect(arca.control.vouchers(1, 11)).toHaveLength(0);
  });

  it('issues Factura B with IVA contenido and a credit note tied to its invoice', async () => {
    const authority = client();
    const total = 1_190_000;
    const net = Math.round(total / 1.21);
    const invoice = await authority.authorize({
      ...facturaC(1, total),
      type: 6,
      netCentavos: net,
      vatCentavos: total - net,
      vat: [{ id: 5, baseCentavos: net, amountCentavos: total - net }],
    });
    expect(invoice.outcome).toBe('approved');
    const orphan = await authority.authorize({
      ...facturaC(1, total),
      type: 8,
      netCentavos: net,
      vatCentavos: total - net,
      vat: [{ id: 5, baseCentavos: net, amountCentavos: total - net }],
    });
    expect(orphan).toMatchObject({
      outcome: 'rejected',
      problems: [expect.objectContaining({ code: 10040 })],
    });
    const note = await authority.authorize({
      ...facturaC(1, total),
      type: 8,
      netCentavos: net,
      vatCentavos: total - net,
      vat: [{ id: 5, baseCentavos: net, amountCentavos: total - net }],
      associated: [{ type: 6, pointOfSale: 1, number: 1, date: today() }],
    });
    expect(note.outcome).toBe('approved');
    expect(arca.control.vouchers(1, 8)[0]?.CbtesAsoc).toEqual([
      expect.objectContaining({ Tipo: 6, PtoVta: 1, Nro: 1 }),
    ]);
  });

  it('logs in again when the ticket expires (error 600), and reports a lost answer as uncertain', async () => {
    // A short wait only for the call whose answer is lost (a loaded machine signs slowly).
    let timeoutMs = 5_000;
    const authority = client(new MemoryTicketStore(), () => timeoutMs);
    await authority.lastAuthorized(1, 11);
    arca.control.expireTickets();
    expect(await authority.lastAuthorized(1, 11)).toBe(0);
    expect(arca.control.calls('loginCms')).toHaveLength(2);

    arca.control.armFault({ operation: 'FECAESolicitar', mode: 'hang-after' });
    timeoutMs = 300;
    const lost = await authority.authorize(facturaC(1)).catch((error: unknown) => error);
    timeoutMs = 5_000;
    expect(lost).toBeInstanceOf(FiscalUnavailableError);
    expect((lost as FiscalUnavailableError).uncertain).toBe(true);
    // The voucher was authorized although the answer never came: asking finds it.
    expect(await authority.consult(1, 11, 1)).toMatchObject({ number: 1 });

    arca.control.armFault({ operation: 'FECompUltimoAutorizado', mode: 'http500-before' });
    await expect(authority.lastAuthorized(1, 11)).rejects.toBeInstanceOf(FiscalUnavailableError);
    arca.control.armFault({ operation: 'FECAESolicitar', mode: 'reject', code: 10016, message: 'rechazado' });
    expect(await authority.authorize(facturaC(2))).toMatchObject({
      outcome: 'rejected',
      problems: [{ code: 10016, message: 'rechazado' }],
    });
  });

  it('lists the receiver conditions of a class and serves the WSDL', async () => {
    const conditions = await client().receiverVatConditions('C');
    expect(conditions).toContainEqual({ id: 5, description: 'Consumidor Final' });
    expect(conditions.map((c) => c.id)).not.toContain(99);
    const wsdl = await fetch(`${arca.url}${arcaWsfePath}?WSDL`).then((r) => r.text());
    for (const op of [
      'FEDummy',
      'FECompUltimoAutorizado',
      'FECAESolicitar',
      'FECompConsultar',
      'FEParamGetCondicionIvaReceptor',
    ]) {
      expect(wsdl).toContain(`soapAction="http://ar.gov.afip.dif.FEV1/${op}"`);
    }
  });

  it('refuses a login signed by a certificate its CA did not issue', async () => {
    // Another stand-in has a CA of its own: its certificate is a stranger's here.
    const other = await startArcaStandIn({ cuit });
    const stranger = other.control.credentials();
    await other.close();
    const authority = new ArcaClient({
      cuit,
      wsaaUrl: `${arca.url}${arcaWsaaPath}`,
      wsfeUrl: `${arca.url}${arcaWsfePath}`,
      credentials: async () => stranger,
      tickets: new MemoryTicketStore(),
      timeoutMs: 2_000,
    });
    await expect(authority.lastAuthorized(1, 11)).rejects.toThrow(/cms\.cert\.untrusted/);
  });
});

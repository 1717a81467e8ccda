import { randomInt } from 'node:crypto';
import { ArcaStore, type AssociatedVoucher, type Voucher } from './store';
import { renderXml, soapEnvelope, text, type XmlNode, type XmlValue } from './xml';

const ns = 'http://ar.gov.afip.dif.FEV1/';

/** Receiver VAT conditions (RG 5616) and the voucher classes each may receive. */
export const receiverConditions = [
  { Id: 1, Desc: 'IVA Responsable Inscripto', Cmp_Clase: 'A/M/C' },
  { Id: 4, Desc: 'IVA Sujeto Exento', Cmp_Clase: 'B/C' },
  { Id: 5, Desc: 'Consumidor Final', Cmp_Clase: 'B/C' },
  { Id: 6, Desc: 'Responsable Monotributo', Cmp_Clase: 'A/M/C' },
  { Id: 7, Desc: 'Sujeto No Categorizado', Cmp_Clase: 'B/C' },
  { Id: 8, Desc: 'Proveedor del Exterior', Cmp_Clase: 'B/C' },
  { Id: 9, Desc: 'Cliente del Exterior', Cmp_Clase: 'B/C' },
  { Id: 10, Desc: 'IVA Liberado - Ley N° 19.640', Cmp_Clase: 'B/C' },
  { Id: 13, Desc: 'Monotributista Social', Cmp_Clase: 'A/M/C' },
  { Id: 15, Desc: 'IVA No Alcanzado', Cmp_Clase: 'B/C' },
  { Id: 16, Desc: 'Monotributo Trabajador Independiente Promovido', Cmp_Clase: 'A/M/C' },
];

/** Voucher types the stand-in knows: invoices and credit notes of classes A, B and C. */
const voucherClass: Record<number, 'A' | 'B' | 'C'> = { 1: 'A', 3: 'A', 6: 'B', 8: 'B', 11: 'C', 13: 'C' };
const creditNotes = new Set([3, 8, 13]);
const invoiceOfCreditNote: Record<number, number> = { 3: 1, 8: 6, 13: 11 };
/** VAT rates by AlicIva id. */
const vatRates: Record<number, number> = { 3: 0, 4: 0.105, 5: 0.21, 6: 0.27, 8: 0.05, 9: 0.025 };

interface Problem {
  Code: number;
  Msg: string;
}

const cents = (value: unknown) => Math.round(Number(text(value) || '0') * 100);
const int = (value: unknown) => Number.parseInt(text(value) || 'NaN', 10);
const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? (value as Record<string, unknown>[])
    : value && typeof value === 'object'
      ? [value as Record<string, unknown>]
      : [];

/** Dates as ARCA writes them, in Argentina's time (UTC−3, no daylight saving). */
function argentina(now: Date): string {
  return new Date(now.getTime() - 3 * 3600_000).toISOString();
}
export const yyyymmdd = (now: Date) => argentina(now).slice(0, 10).replace(/-/g, '');
const processStamp = (now: Date) => argentina(now).slice(0, 19).replace(/[-T:]/g, '');
function addDays(date: string, days: number): string {
  const d = new Date(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10).replace(/-/g, '');
}
const dayDiff = (a: string, b: string) =>
  Math.round(
    (Date.parse(`${a.slice(0, 4)}-${a.slice(4, 6)}-${a.slice(6, 8)}`) -
      Date.parse(`${b.slice(0, 4)}-${b.slice(4, 6)}-${b.slice(6, 8)}`)) /
      86_400_000,
  );

function respond(operation: string, result: XmlNode): string {
  return soapEnvelope(
    `<${operation}Response xmlns="${ns}">${renderXml(`${operation}Result`, result)}</${operation}Response>`,
  );
}

const errors = (problems: Problem[]): XmlValue =>
  problems.length ? { Err: problems as unknown as XmlNode[] } : undefined;

/**
 * The token and sign of a live ticket, for the CUIT it was issued to (errors 600 and 601, as
 * ARCA answers them). Null when valid.
 */
function checkAuth(store: ArcaStore, auth: Record<string, unknown> | undefined, now: Date): Problem | null {
  const token = text(auth?.Token);
  const sign = text(auth?.Sign);
  const ticket = store.state.tickets.find((t) => t.token === token && t.sign === sign);
  if (!ticket || new Date(ticket.expirationTime) <= now) {
    return {
      Code: 600,
      Msg: `ValidacionDeToken: No validaron las fechas del token GenTime, ExpTime, NowUTC: ${ticket?.generationTime ?? ''} (${ticket?.generationTime ?? ''}), ${ticket?.expirationTime ?? ''} (${ticket?.expirationTime ?? ''}), ${now.toISOString()}`,
    };
  }
  if (text(auth?.Cuit) !== ticket.cuit) return { Code: 601, Msg: 'CUIT representada no incluida en Token' };
  return null;
}

export function feDummy(): string {
  return respond('FEDummy', { AppServer: 'OK', DbServer: 'OK', AuthServer: 'OK' });
}

export function feCompUltimoAutorizado(
  store: ArcaStore,
  body: Record<string, unknown>,
  now = new Date(),
): string {
  const auth = body.Auth as Record<string, unknown> | undefined;
  const problem = checkAuth(store, auth, now);
  const pointOfSale = int(body.PtoVta);
  const type = int(body.CbteTipo);
  if (problem)
    return respond('FECompUltimoAutorizado', {
      PtoVta: pointOfSale,
      CbteTipo: type,
      CbteNro: 0,
      Errors: errors([problem]),
    });
  const vouchers = store.vouchersOf(text(auth?.Cuit), pointOfSale, type);
  return respond('FECompUltimoAutorizado', {
    PtoVta: pointOfSale,
    CbteTipo: type,
    CbteNro: vouchers.at(-1)?.CbteDesde ?? 0,
  });
}

function voucherXml(v: Voucher): XmlNode {
  return {
    Concepto: v.Concepto,
    DocTipo: v.DocTipo,
    DocNro: v.DocNro,
    CbteDesde: v.CbteDesde,
    CbteHasta: v.CbteHasta,
    CbteFch: v.CbteFch,
    ImpTotal: (v.ImpTotal / 100).toFixed(2),
    ImpTotConc: (v.ImpTotConc / 100).toFixed(2),
    ImpNeto: (v.ImpNeto / 100).toFixed(2),
    ImpOpEx: (v.ImpOpEx / 100).toFixed(2),
    ImpTrib: (v.ImpTrib / 100).toFixed(2),
    ImpIVA: (v.ImpIVA / 100).toFixed(2),
    FchServDesde: v.FchServDesde,
    FchServHasta: v.FchServHasta,
    FchVtoPago: v.FchVtoPago,
    MonId: v.MonId,
    MonCotiz: v.MonCotiz,
    CondicionIVAReceptorId: v.CondicionIVAReceptorId,
    CbtesAsoc: v.CbtesAsoc.length ? { CbteAsoc: v.CbtesAsoc as unknown as XmlNode[] } : undefined,
    Iva: v.Iva.length
      ? {
          AlicIva: v.Iva.map((a) => ({
            Id: a.Id,
            BaseImp: (a.BaseImp / 100).toFixed(2),
            Importe: (a.Importe / 100).toFixed(2),
          })),
        }
      : undefined,
    Resultado: v.Resultado,
    CodAutorizacion: v.CodAutorizacion,
    EmisionTipo: v.EmisionTipo,
    FchVto: v.FchVto,
    FchProceso: v.FchProceso,
    PtoVta: v.PtoVta,
    CbteTipo: v.CbteTipo,
  };
}

export function feCompConsultar(store: ArcaStore, body: Record<string, unknown>, now = new Date()): string {
  const auth = body.Auth as Record<string, unknown> | undefined;
  const problem = checkAuth(store, auth, now);
  if (problem) return respond('FECompConsultar', { Errors: errors([problem]) });
  const request = body.FeCompConsReq as Record<string, unknown> | undefined;
  const vouchers = store.vouchersOf(text(auth?.Cuit), int(request?.PtoVta), int(request?.CbteTipo));
  const found = vouchers.find((v) => v.CbteDesde === int(request?.CbteNro));
  if (!found) {
    return respond('FECompConsultar', {
      Errors: errors([
        { Code: 602, Msg: 'No existen datos en nuestros registros para los parametros ingresados.' },
      ]),
    });
  }
  return respond('FECompConsultar', { ResultGet: voucherXml(found) });
}

export function feParamGetCondicionIvaReceptor(
  store: ArcaStore,
  body: Record<string, unknown>,
  now = new Date(),
): string {
  const problem = checkAuth(store, body.Auth as Record<string, unknown> | undefined, now);
  if (problem) return respond('FEParamGetCondicionIvaReceptor', { Errors: errors([problem]) });
  const wanted = text(body.ClaseCmp).toUpperCase();
  const rows = receiverConditions.filter((c) => !wanted || c.Cmp_Clase.split('/').includes(wanted));
  return respond('FEParamGetCondicionIvaReceptor', { ResultGet: { CondicionIvaReceptor: rows } });
}

/** Checks one voucher request against ARCA's rules; the observations that refuse it. */
function validate(
  store: ArcaStore,
  cuit: string,
  pointOfSale: number,
  type: number,
  detail: Record<string, unknown>,
  today: string,
): Problem[] {
  const problems: Problem[] = [];
  const vouchers = store.vouchersOf(cuit, pointOfSale, type);
  const last = vouchers.at(-1);
  const number = int(detail.CbteDesde);
  const date = text(detail.CbteFch) || today;
  if (
    number !== int(detail.CbteHasta) ||
    number !== (last?.CbteDesde ?? 0) + 1 ||
    (last && date < last.CbteFch)
  ) {
    problems.push({
      Code: 10016,
      Msg: 'El numero o fecha del comprobante no se corresponde con el proximo a autorizar. Consultar metodo FECompUltimoAutorizado.',
    });
  }
  const concept = int(detail.Concepto);
  if (![1, 2, 3].includes(concept))
    problems.push({ Code: 10013, Msg: 'El campo Concepto debe ser 1, 2 o 3.' });
  const window = concept === 1 ? 5 : 10;
  if (Math.abs(dayDiff(date, today)) > window) {
    problems.push({
      Code: 10017,
      Msg: `La fecha del comprobante (CbteFch) no puede diferir en mas de ${window} dias de la fecha de generacion.`,
    });
  }
  if (concept === 2 || concept === 3) {
    if (!text(detail.FchServDesde) || !text(detail.FchServHasta) || !text(detail.FchVtoPago)) {
      problems.push({
        Code: 10035,
        Msg: 'Para Concepto 2 o 3 son obligatorias las fechas FchServDesde, FchServHasta y FchVtoPago.',
      });
    }
  }
  const docType = int(detail.DocTipo);
  const docNumber = text(detail.DocNro);
  if (docType === 99 && docNumber !== '0') {
    problems.push({ Code: 10015, Msg: 'Para DocTipo 99 (consumidor final) DocNro debe ser 0.' });
  }
  if (docType !== 99 && !/^[1-9]\d{5,10}$/.test(docNumber)) {
    problems.push({ Code: 10015, Msg: 'El campo DocNro no es valido para el DocTipo informado.' });
  }
  if (text(detail.MonId) !== 'PES' || Number(text(detail.MonCotiz)) !== 1) {
    problems.push({
      Code: 10119,
      Msg: 'Este stand-in solo autoriza comprobantes en pesos (MonId PES, MonCotiz 1).',
    });
  }
  const total = cents(detail.ImpTotal);
  const notTaxed = cents(detail.ImpTotConc);
  const net = cents(detail.ImpNeto);
  const exempt = cents(detail.ImpOpEx);
  const taxes = cents(detail.ImpTrib);
  const vat = cents(detail.ImpIVA);
  if (total !== notTaxed + net + exempt + taxes + vat) {
    problems.push({
      Code: 10048,
      Msg: "El campo 'Importe Total' ImpTotal, debe ser igual a la suma de ImpTotConc + ImpNeto + ImpOpEx + ImpTrib + ImpIVA.",
    });
  }
  if (total <= 0) problems.push({ Code: 10049, Msg: 'El importe total debe ser mayor a 0.' });
  const vatRows = list((detail.Iva as Record<string, unknown> | undefined)?.AlicIva);
  const klass = voucherClass[type];
  if (klass === 'C') {
    if (vatRows.length || vat !== 0 || notTaxed !== 0) {
      problems.push({
        Code: 10071,
        Msg: 'Para comprobantes tipo C el objeto IVA no debe informarse y ImpIVA e ImpTotConc deben ser 0.',
      });
    }
  } else if (net > 0) {
    const baseSum = vatRows.reduce((sum, row) => sum + cents(row.BaseImp), 0);
    const vatSum = vatRows.reduce((sum, row) => sum + cents(row.Importe), 0);
    if (!vatRows.length) {
      problems.push({ Code: 10070, Msg: 'Si ImpNeto es mayor a 0 el objeto IVA es obligatorio.' });
    } else if (vatSum !== vat || baseSum !== net) {
      problems.push({
        Code: 10023,
        Msg: 'La suma de los importes de IVA (AlicIva.Importe) debe ser igual a ImpIVA y la de sus bases imponibles a ImpNeto.',
      });
    }
    for (const row of vatRows) {
      const rate = vatRates[int(row.Id)];
      if (rate === undefined) {
        problems.push({ Code: 10018, Msg: `La alicuota de IVA ${text(row.Id)} no existe.` });
      } else if (Math.abs(Math.round(cents(row.BaseImp) * rate) - cents(row.Importe)) > 1) {
        problems.push({
          Code: 10051,
          Msg: 'El importe de IVA no corresponde a la base imponible y la alicuota.',
        });
      }
    }
  }
  const conditionText = text(detail.CondicionIVAReceptorId);
  if (!conditionText) {
    problems.push({
      Code: 10246,
      Msg: 'Campo Condicion Frente al IVA del receptor es obligatorio conforme lo reglamentado en la Resolución General N° 5616. Para más información consular método FEParamGetCondicionIvaReceptor.',
    });
  } else {
    const condition = receiverConditions.find((c) => c.Id === int(conditionText));
    if (!condition || !klass || !condition.Cmp_Clase.split('/').includes(klass)) {
      problems.push({
        Code: 10242,
        Msg: 'El campo Condicion Frente al IVA del receptor no es valido para la clase de comprobante informado. Consultar metodo FEParamGetCondicionIvaReceptor.',
      });
    }
  }
  const associated = list((detail.CbtesAsoc as Record<string, unknown> | undefined)?.CbteAsoc);
  if (creditNotes.has(type)) {
    if (!associated.length) {
      problems.push({
        Code: 10040,
        Msg: 'Para notas de credito o debito es obligatorio informar CbtesAsoc.',
      });
    }
    for (const asoc of associated) {
      const invoices = store.vouchersOf(cuit, int(asoc.PtoVta), int(asoc.Tipo));
      const invoice = invoices.find((v) => v.CbteDesde === int(asoc.Nro));
      if (int(asoc.Tipo) !== invoiceOfCreditNote[type] || !invoice) {
        problems.push({
          Code: 10153,
          Msg: 'El comprobante asociado no existe o no es de la clase de la nota de credito.',
        });
      } else if (total > invoice.ImpTotal) {
        problems.push({
          Code: 10154,
          Msg: 'El importe de la nota de credito supera al del comprobante asociado.',
        });
      }
    }
  }
  return problems;
}

export interface SolicitarOptions {
  /** an armed `reject` fault: refuse the voucher with this observation */
  reject?: Problem | null;
}

/**
 * FECAESolicitar: each detail is checked (sequential number and date, totals arithmetic, VAT by
 * voucher class, receiver condition, associated vouchers) and, when it passes, authorized with a
 * 14-digit CAE due in 10 days; a refused detail gets Resultado R and its observations.
 */
export function feCaeSolicitar(
  store: ArcaStore,
  body: Record<string, unknown>,
  now = new Date(),
  options: SolicitarOptions = {},
): string {
  const auth = body.Auth as Record<string, unknown> | undefined;
  const problem = checkAuth(store, auth, now);
  const request = body.FeCAEReq as Record<string, unknown> | undefined;
  const header = request?.FeCabReq as Record<string, unknown> | undefined;
  const pointOfSale = int(header?.PtoVta);
  const type = int(header?.CbteTipo);
  const details = list((request?.FeDetReq as Record<string, unknown> | undefined)?.FECAEDetRequest);
  const cuit = text(auth?.Cuit);
  const stamp = processStamp(now);
  const headerErrors: Problem[] = [];
  if (problem) headerErrors.push(problem);
  else if (!voucherClass[type])
    headerErrors.push({ Code: 10007, Msg: 'El tipo de comprobante informado no es valido.' });
  else if (!(pointOfSale >= 1 && pointOfSale <= 99998))
    headerErrors.push({ Code: 10004, Msg: 'El punto de venta informado no es valido.' });
  else if (int(header?.CantReg) !== details.length || details.length === 0)
    headerErrors.push({
      Code: 10001,
      Msg: 'CantReg debe ser igual a la cantidad de comprobantes informados.',
    });
  if (headerErrors.length) {
    return respond('FECAESolicitar', {
      FeCabResp: {
        Cuit: cuit,
        PtoVta: pointOfSale,
        CbteTipo: type,
        FchProceso: stamp,
        CantReg: details.length,
        Resultado: 'R',
        Reproceso: 'N',
      },
      Errors: errors(headerErrors),
    });
  }
  const today = yyyymmdd(now);
  const answers: XmlNode[] = [];
  for (const detail of details) {
    const problems = options.reject
      ? [options.reject]
      : validate(store, cuit, pointOfSale, type, detail, today);
    const base = {
      Concepto: int(detail.Concepto),
      DocTipo: int(detail.DocTipo),
      DocNro: text(detail.DocNro),
      CbteDesde: int(detail.CbteDesde),
      CbteHasta: int(detail.CbteHasta),
      CbteFch: text(detail.CbteFch) || today,
    };
    if (problems.length) {
      answers.push({
        ...base,
        Resultado: 'R',
        Observaciones: { Obs: problems as unknown as XmlNode[] },
        CAE: '',
        CAEFchVto: '',
      });
      continue;
    }
    const cae = `${randomInt(1, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e4)).padStart(4, '0')}`;
    const voucher: Voucher = {
      CbteTipo: type,
      PtoVta: pointOfSale,
      ...base,
      ImpTotal: cents(detail.ImpTotal),
      ImpTotConc: cents(detail.ImpTotConc),
      ImpNeto: cents(detail.ImpNeto),
      ImpOpEx: cents(detail.ImpOpEx),
      ImpTrib: cents(detail.ImpTrib),
      ImpIVA: cents(detail.ImpIVA),
      FchServDesde: text(detail.FchServDesde),
      FchServHasta: text(detail.FchServHasta),
      FchVtoPago: text(detail.FchVtoPago),
      MonId: text(detail.MonId),
      MonCotiz: Number(text(detail.MonCotiz)),
      CondicionIVAReceptorId: int(detail.CondicionIVAReceptorId),
      CbtesAsoc: list((detail.CbtesAsoc as Record<string, unknown> | undefined)?.CbteAsoc).map(
        (a): AssociatedVoucher => ({
          Tipo: int(a.Tipo),
          PtoVta: int(a.PtoVta),
          Nro: int(a.Nro),
          ...(text(a.Cuit) ? { Cuit: text(a.Cuit) } : {}),
          ...(text(a.CbteFch) ? { CbteFch: text(a.CbteFch) } : {}),
        }),
      ),
      Iva: list((detail.Iva as Record<string, unknown> | undefined)?.AlicIva).map((a) => ({
        Id: int(a.Id),
        BaseImp: cents(a.BaseImp),
        Importe: cents(a.Importe),
      })),
      Resultado: 'A',
      CodAutorizacion: cae,
      EmisionTipo: 'CAE',
      FchVto: addDays(base.CbteFch, 10),
      FchProceso: stamp,
    };
    store.vouchersOf(cuit, pointOfSale, type).push(voucher);
    answers.push({ ...base, Resultado: 'A', CAE: cae, CAEFchVto: voucher.FchVto });
  }
  store.save();
  const approved = answers.filter((a) => a.Resultado === 'A').length;
  return respond('FECAESolicitar', {
    FeCabResp: {
      Cuit: cuit,
      PtoVta: pointOfSale,
      CbteTipo: type,
      FchProceso: stamp,
      CantReg: details.length,
      Resultado: approved === answers.length ? 'A' : approved === 0 ? 'R' : 'P',
      Reproceso: 'N',
    },
    FeDetResp: { FECAEDetResponse: answers },
  });
}

export { ArcaStore };

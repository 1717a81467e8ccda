/**
 * The port to the tax authority's electronic-invoicing service (ARCA's WSFEv1 behind WSAA). The
 * invoices module speaks only this; the adapter (arca-client.ts) speaks SOAP to ARCA or to the
 * sandbox stand-in, which differ only in configuration.
 */

/** Factura B 6, Nota de Crédito B 8, Factura C 11, Nota de Crédito C 13. */
export type VoucherType = 6 | 8 | 11 | 13;

export interface AssociatedVoucher {
  type: VoucherType;
  pointOfSale: number;
  number: number;
  /** yyyymmdd */
  date: string;
}

export interface VoucherRequest {
  pointOfSale: number;
  type: VoucherType;
  number: number;
  /** 1 products, 2 services, 3 both */
  concept: 1 | 2 | 3;
  /** 99 consumidor final (docNumber '0'), 96 DNI, 80 CUIT */
  docType: number;
  docNumber: string;
  /** yyyymmdd, in Argentina */
  date: string;
  totalCentavos: number;
  netCentavos: number;
  vatCentavos: number;
  /** class B: one row per VAT rate (id 5 = 21 %); class C: none */
  vat: { id: number; baseCentavos: number; amountCentavos: number }[];
  serviceFrom: string;
  serviceTo: string;
  paymentDue: string;
  /** RG 5616 (FEParamGetCondicionIvaReceptor): 5 consumidor final */
  receiverVatCondition: number;
  associated: AssociatedVoucher[];
}

export interface FiscalProblem {
  code: number;
  message: string;
}

export type AuthorizeResult =
  | { outcome: 'approved'; cae: string; caeDueDate: string }
  | { outcome: 'rejected'; problems: FiscalProblem[] };

/** A voucher as the authority has it (FECompConsultar). */
export interface IssuedVoucher {
  type: number;
  pointOfSale: number;
  number: number;
  date: string;
  cae: string;
  caeDueDate: string;
  totalCentavos: number;
  docType: number;
  docNumber: string;
}

/**
 * The authority could not be reached or did not answer in time. `uncertain`: the request may have
 * been processed (a voucher authorized) without us hearing the answer: ask before issuing again.
 */
export class FiscalUnavailableError extends Error {
  constructor(
    message: string,
    readonly uncertain: boolean,
  ) {
    super(message);
    this.name = 'FiscalUnavailableError';
  }
}

/** The authority answered with errors (not a voucher rejection): a bad ticket, a bad request. */
export class FiscalServiceError extends Error {
  constructor(readonly problems: FiscalProblem[]) {
    super(problems.map((p) => `${p.code}: ${p.message}`).join('; '));
    this.name = 'FiscalServiceError';
  }
}

export interface FiscalAuthority {
  /** FEDummy: whether the service says its servers are up. */
  health(): Promise<boolean>;
  /** FECompUltimoAutorizado: the last authorized number (0 when none). */
  lastAuthorized(pointOfSale: number, type: VoucherType): Promise<number>;
  /** FECAESolicitar for one voucher. */
  authorize(request: VoucherRequest): Promise<AuthorizeResult>;
  /** FECompConsultar: the voucher, or null when the authority has no such number. */
  consult(pointOfSale: number, type: VoucherType, number: number): Promise<IssuedVoucher | null>;
  /** FEParamGetCondicionIvaReceptor: the receiver conditions valid for a voucher class. */
  receiverVatConditions(voucherClass: 'A' | 'B' | 'C'): Promise<{ id: number; description: string }[]>;
}

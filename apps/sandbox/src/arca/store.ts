import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type ArcaPki, createPki } from './pki';

/** A login ticket WSAA handed out. */
export interface Ticket {
  token: string;
  sign: string;
  /** the CUIT of the certificate that logged in */
  cuit: string;
  service: string;
  generationTime: string;
  expirationTime: string;
}

export interface AssociatedVoucher {
  Tipo: number;
  PtoVta: number;
  Nro: number;
  Cuit?: string;
  CbteFch?: string;
}

/** One authorized voucher, as FECompConsultar reads it back. */
export interface Voucher {
  CbteTipo: number;
  PtoVta: number;
  CbteDesde: number;
  CbteHasta: number;
  Concepto: number;
  DocTipo: number;
  DocNro: string;
  CbteFch: string;
  ImpTotal: number;
  ImpTotConc: number;
  ImpNeto: number;
  ImpOpEx: number;
  ImpTrib: number;
  ImpIVA: number;
  FchServDesde: string;
  FchServHasta: string;
  FchVtoPago: string;
  MonId: string;
  MonCotiz: number;
  CondicionIVAReceptorId: number;
  CbtesAsoc: AssociatedVoucher[];
  Iva: { Id: number; BaseImp: number; Importe: number }[];
  Resultado: 'A';
  CodAutorizacion: string;
  EmisionTipo: 'CAE';
  FchVto: string;
  FchProceso: string;
}

export interface ArcaState {
  version: 1;
  pki: ArcaPki;
  tickets: Ticket[];
  /** authorized vouchers by `<cuit>:<punto de venta>:<tipo>`, in number order */
  vouchers: Record<string, Voucher[]>;
}

/**
 * All of the stand-in's state in one plain object, optionally kept in a JSON file (rewritten after
 * every change), so a development restart keeps the certificates, the live tickets and the numbers
 * our database already refers to.
 */
export class ArcaStore {
  state: ArcaState;

  constructor(
    cuit: string,
    private readonly stateFile?: string,
  ) {
    const loaded = stateFile && existsSync(stateFile) ? ArcaStore.load(stateFile) : null;
    this.state =
      loaded && loaded.pki.cuit === cuit
        ? loaded
        : { version: 1, pki: createPki(cuit), tickets: [], vouchers: {} };
    this.save();
  }

  private static load(file: string): ArcaState | null {
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<ArcaState>;
      if (!parsed.pki) return null;
      return { version: 1, pki: parsed.pki, tickets: parsed.tickets ?? [], vouchers: parsed.vouchers ?? {} };
    } catch {
      return null;
    }
  }

  static key(cuit: string, pointOfSale: number, type: number): string {
    return `${cuit}:${pointOfSale}:${type}`;
  }

  vouchersOf(cuit: string, pointOfSale: number, type: number): Voucher[] {
    const key = ArcaStore.key(cuit, pointOfSale, type);
    this.state.vouchers[key] ??= [];
    return this.state.vouchers[key];
  }

  save(): void {
    if (!this.stateFile) return;
    mkdirSync(dirname(this.stateFile), { recursive: true });
    const temporary = `${this.stateFile}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.state));
    renameSync(temporary, this.stateFile);
  }

  /** Forgets tickets and vouchers; keeps the certificates (the API holds them). */
  reset(): void {
    this.state = { ...this.state, tickets: [], vouchers: {} };
    this.save();
  }
}

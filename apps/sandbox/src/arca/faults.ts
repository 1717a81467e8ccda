/**
 * Fault injection for tests and developers: ARCA not answering in time, answering 5xx, or
 * refusing a voucher. Each armed fault applies to the next `times` calls of its operation.
 */
export type ArcaOperation =
  | 'loginCms'
  | 'FEDummy'
  | 'FECompUltimoAutorizado'
  | 'FECAESolicitar'
  | 'FECompConsultar'
  | 'FEParamGetCondicionIvaReceptor';

export interface ArcaFaultSpec {
  operation: ArcaOperation;
  /**
   * - `hang-before`: never answers and does nothing (the client times out; nothing was issued)
   * - `hang-after`: does the work (a voucher is authorized) and never answers: the lost answer
   * - `http500-before` / `http500-after`: answers 500 with a SOAP fault, before or after the work
   * - `reject`: FECAESolicitar answers Resultado R with the observation `code`/`message`
   */
  mode: 'hang-before' | 'hang-after' | 'http500-before' | 'http500-after' | 'reject';
  /** how many calls it affects (default 1) */
  times?: number;
  /** reject: the observation code (default 10016-like stand-in code 99001) and text */
  code?: number;
  message?: string;
}

export interface ArmedFault extends Required<Omit<ArcaFaultSpec, 'code' | 'message'>> {
  code: number;
  message: string;
}

/** One call the stand-in received, in arrival order (for tests). */
export interface ArcaCall {
  at: string;
  operation: string;
  fault: ArmedFault['mode'] | null;
}

const operations = new Set<ArcaOperation>([
  'loginCms',
  'FEDummy',
  'FECompUltimoAutorizado',
  'FECAESolicitar',
  'FECompConsultar',
  'FEParamGetCondicionIvaReceptor',
]);
const modes = new Set<ArmedFault['mode']>([
  'hang-before',
  'hang-after',
  'http500-before',
  'http500-after',
  'reject',
]);

export class ArcaFaults {
  private armed: ArmedFault[] = [];
  readonly calls: ArcaCall[] = [];

  arm(spec: ArcaFaultSpec): ArmedFault {
    if (!operations.has(spec.operation)) throw new Error(`unknown operation ${String(spec.operation)}`);
    if (!modes.has(spec.mode)) throw new Error(`unknown fault mode ${String(spec.mode)}`);
    const times = spec.times ?? 1;
    if (!Number.isInteger(times) || times < 1 || times > 100) throw new Error('times must be 1–100');
    const fault: ArmedFault = {
      operation: spec.operation,
      mode: spec.mode,
      times,
      code: spec.code ?? 99001,
      message: spec.message ?? 'Comprobante rechazado por el stand-in (falla armada por una prueba)',
    };
    this.armed.push(fault);
    return fault;
  }

  /** Consumes one use of the first fault armed for `operation`, and logs the call. */
  take(operation: string): ArmedFault | null {
    const fault = this.armed.find((f) => f.operation === operation) ?? null;
    if (fault) {
      fault.times -= 1;
      if (fault.times <= 0) this.armed = this.armed.filter((f) => f !== fault);
    }
    this.calls.push({ at: new Date().toISOString(), operation, fault: fault?.mode ?? null });
    if (this.calls.length > 500) this.calls.splice(0, this.calls.length - 500);
    return fault;
  }

  clear(): void {
    this.armed = [];
    this.calls.length = 0;
  }
}

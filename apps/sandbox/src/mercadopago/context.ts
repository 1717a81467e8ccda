import type { FaultInjector } from './faults';
import type { Notifier } from './notifier';
import type { MercadoPagoEmulatorOptions } from './options';
import type { EmulatorStore } from './store';

/** What every route and domain function of the emulator works with. */
export interface EmulatorContext {
  store: EmulatorStore;
  notifier: Notifier;
  /** armed faults and the log of served requests (faults.ts) */
  faults: FaultInjector;
  options: MercadoPagoEmulatorOptions;
}

/** A resource's own notification URL, else the application's configured one. */
export function notificationTarget(context: EmulatorContext, url: string | null): string | null {
  return url ?? context.options.notificationUrl ?? null;
}

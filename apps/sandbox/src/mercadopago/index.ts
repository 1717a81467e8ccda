export { TEST_CARDS } from './cards';
export type { ChargeResult, EmulatorControl } from './control';
export type { Fault, FaultSpec, ServedRequest } from './faults';
export type { Delivery } from './notifier';
export type { MercadoPagoEmulatorOptions } from './options';
export { mercadoPagoEmulator } from './plugin';
export { signatureHeader } from './signing';
export { type RunningMercadoPagoEmulator, startMercadoPagoEmulator } from './standalone';

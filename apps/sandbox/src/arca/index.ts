export type { ArcaCall, ArcaFaultSpec, ArcaOperation, ArmedFault } from './faults';
export {
  ArcaControl,
  type ArcaStandInOptions,
  arcaStandIn,
  type RunningArcaStandIn,
  startArcaStandIn,
  wsaaPath,
  wsfePath,
} from './plugin';
export type { Voucher } from './store';

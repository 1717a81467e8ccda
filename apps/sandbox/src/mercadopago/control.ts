import type { EmulatorContext } from './context';
import { badRequest } from './errors';
import type { Fault, FaultSpec, ServedRequest } from './faults';
import type { Delivery } from './notifier';
import type { Outcome } from './outcomes';
import { findPayment, settlePayment } from './payments';
import { chargeRecurring, findPreapproval, recyclingInvoiceOf, retryInvoice } from './preapprovals';
import type { AuthorizedPaymentResource, EmulatorState, PaymentResource, PreapprovalResource } from './types';

/** approved, or rejected with a cc_rejected_* detail (default: insufficient funds). */
function chargeOutcome(outcome: 'approved' | 'rejected', statusDetail?: string): Outcome {
  if (outcome !== 'approved' && outcome !== 'rejected') {
    throw badRequest('outcome must be approved or rejected', {
      code: 'invalid_outcome',
      description: String(outcome),
    });
  }
  const detail = outcome === 'approved' ? 'accredited' : (statusDetail ?? 'cc_rejected_insufficient_amount');
  if (outcome === 'rejected' && !detail.startsWith('cc_rejected_')) {
    throw badRequest('status_detail must be a cc_rejected_* value', {
      code: 'invalid_outcome',
      description: detail,
    });
  }
  return { status: outcome, status_detail: detail };
}

export interface ChargeResult {
  preapproval: PreapprovalResource;
  authorizedPayment: AuthorizedPaymentResource;
  payment: PaymentResource;
}

/**
 * What the real Mercado Pago does on its own and tests need on demand: renewals, contingencies
 * settling, re-sent notifications, a refund that fails. Exposed as methods and under `/_control`.
 */
export class EmulatorControl {
  constructor(private readonly context: EmulatorContext) {}

  /**
   * Runs a subscription's next recurring charge now. Approved moves `next_payment_date` one
   * period on; rejected (default detail: insufficient funds) leaves it where it was.
   */
  chargePreapproval(id: string, outcome: 'approved' | 'rejected', statusDetail?: string): ChargeResult {
    const stored = findPreapproval(this.context, id);
    const invoice = chargeRecurring(this.context, stored, chargeOutcome(outcome, statusDetail));
    return {
      preapproval: stored.resource,
      authorizedPayment: invoice,
      payment: findPayment(this.context, String(invoice.payment.id)),
    };
  }

  /**
   * Runs the next of Mercado Pago's scheduled retries (+1, +3, +5 days after a refused renewal) of
   * the subscription's recycling invoice now: a real charge attempt on its current card, with its
   * webhooks. 400 `no_recycling_invoice` when nothing is being retried.
   */
  retryPreapproval(id: string, outcome: 'approved' | 'rejected', statusDetail?: string): ChargeResult {
    const stored = findPreapproval(this.context, id);
    const charge = chargeOutcome(outcome, statusDetail);
    const pending = recyclingInvoiceOf(this.context, id);
    if (!pending) {
      throw badRequest('The preapproval has no refused invoice to retry', {
        code: 'no_recycling_invoice',
        description: id,
      });
    }
    const invoice = retryInvoice(this.context, stored, pending, charge, true);
    return {
      preapproval: stored.resource,
      authorizedPayment: invoice,
      payment: findPayment(this.context, String(invoice.payment.id)),
    };
  }

  /** Sends the last notification about a payment again, `times` times (awaits each delivery). */
  replayPaymentNotification(paymentId: string | number, times = 1): Promise<Delivery[]> {
    findPayment(this.context, String(paymentId));
    return this.context.notifier.replay('payment', paymentId, times);
  }

  /** Same for a subscription's last `subscription_preapproval` notification. */
  replayPreapprovalNotification(preapprovalId: string, times = 1): Promise<Delivery[]> {
    findPreapproval(this.context, preapprovalId);
    return this.context.notifier.replay('subscription_preapproval', preapprovalId, times);
  }

  /** Resolves a pending (CONT) payment to approved or rejected and notifies `payment.updated`. */
  settlePayment(paymentId: string | number, status: 'approved' | 'rejected'): PaymentResource {
    if (status !== 'approved' && status !== 'rejected') {
      throw badRequest('status must be approved or rejected', {
        code: 'invalid_status',
        description: String(status),
      });
    }
    return settlePayment(this.context, findPayment(this.context, String(paymentId)), status);
  }

  /** The next `times` refund requests, whichever payments they are for, fail with a 400. */
  failNextRefund(times = 1): void {
    this.context.store.state.failRefunds = times;
    this.context.store.save();
  }

  /**
   * Arms a fault: the next `times` matching requests answer `status` (before or after being
   * processed) and/or wait `delayMs` first. Faults queue; the first matching one applies.
   */
  injectFault(spec: FaultSpec): Fault {
    return this.context.faults.arm(spec);
  }

  /** Disarms every fault. */
  clearFaults(): void {
    this.context.faults.clear();
  }

  /** The faults still armed, with their remaining uses. */
  faults(): Fault[] {
    return this.context.faults.armed();
  }

  /** The last 200 requests served (control routes excepted): method, path, idempotency key, status. */
  requests(): ServedRequest[] {
    return this.context.faults.requests();
  }

  /** Every delivery attempt of a webhook since start (the last 200). */
  deliveries(): Delivery[] {
    return this.context.notifier.deliveries();
  }

  state(): EmulatorState {
    return structuredClone(this.context.store.state);
  }

  reset(): void {
    this.context.store.reset();
  }
}

import type { AccountPayment } from '@alcancia/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { paymentOrders, payments, withdrawals } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { conceptOf } from '../invoices/order-concept';
import { herOrdersOf, pendingRefundCentavos } from './money-ledger';
import type { OrderRow } from './orders-repository';
import { paidTermsOf, refundedToBuyer } from './paid-terms';
import type { PaymentRow } from './record-payment';
import { withdrawableUntil } from './withdrawal-window';

/** One payment of hers with what the account pages and the withdrawal rules need. */
export interface HerPayment {
  payment: PaymentRow;
  order: OrderRow;
  revocationCode: string | null;
  isFirstCharge: boolean;
  /** refunds of it asked for and not settled yet (PENDING), whatever their reason */
  refundingCentavos: number;
  hasUpgradeRefund: boolean;
}

/** The account's view of a provider status and its refunds. */
export function accountStatusOf(payment: PaymentRow): AccountPayment['status'] {
  const refunded = payment.refundedCentavos;
  if (payment.status === 'refunded' || payment.status === 'charged_back') return 'refunded';
  if (payment.status === 'approved') {
    if (refunded >= payment.amountCentavos) return 'refunded';
    return refunded > 0 ? 'partially_refunded' : 'approved';
  }
  if (payment.status === 'rejected') return 'rejected';
  if (payment.status === 'cancelled') return 'cancelled';
  return 'pending';
}

export function toAccountPayment(
  row: HerPayment,
  fiscal: Pick<AccountPayment, 'invoice' | 'creditNotes'> = { invoice: null, creditNotes: [] },
): AccountPayment {
  const { payment, order } = row;
  return {
    id: String(payment.id),
    date: (payment.approvedAt ?? payment.createdAt).toISOString(),
    concept: conceptOf(order),
    kind: order.kind,
    productId: order.itemId,
    amount: payment.amountCentavos,
    refundedAmount: payment.refundedCentavos,
    currency: payment.currency,
    status: accountStatusOf(payment),
    installments: payment.installments,
    ...paidTermsFields(payment),
    providerPaymentId: payment.providerPaymentId,
    withdrawableUntil: withdrawableUntilOf(row),
    revocationCode: row.revocationCode,
    receiptUrl: payment.approvedAt ? `/api/users/me/payments/${payment.id}/receipt` : null,
    ...fiscal,
  };
}

/** What she pays and got back, in the same terms as the mail and the receipt (decision 0103). */
function paidTermsFields(payment: PaymentRow) {
  const terms = paidTermsOf(payment);
  return {
    totalPaid: terms.totalPaidCentavos,
    installmentAmount: terms.installmentCentavos,
    tna: terms.tna,
    cftea: terms.cftea,
    returnedAmount: refundedToBuyer(terms, payment.refundedCentavos),
  };
}

export function withdrawableUntilOf(row: HerPayment): string | null {
  return withdrawableUntil({
    kind: row.order.kind,
    status: row.payment.status,
    approvedAt: row.payment.approvedAt,
    grantedAt: row.payment.grantedAt,
    amountCentavos: row.payment.amountCentavos,
    refundedCentavos: row.payment.refundedCentavos,
    refundingCentavos: Number(row.refundingCentavos),
    hasUpgradeRefund: row.hasUpgradeRefund,
    isFirstCharge: row.isFirstCharge,
    orderStatus: row.order.status,
    alreadyWithdrawn: row.revocationCode !== null,
  });
}

/** Whose payments are hers: the ledger's one rule (money-ledger.ts, decision 0190). */
const ownership = herOrdersOf;

function selectHerPayments(db: Db, where: SQL) {
  return db
    .select({
      payment: payments,
      order: paymentOrders,
      revocationCode: withdrawals.revocationCode,
      isFirstCharge: sql<boolean>`${payments.approvedAt} is not null and ${payments.id} = (
        select min(p2.id) from payments p2 where p2.order_id = ${payments.orderId} and p2.approved_at is not null)`,
      refundingCentavos: pendingRefundCentavos,
      hasUpgradeRefund: sql<boolean>`exists (select 1 from payment_refunds r
        where r.payment_id = ${payments.id} and r.status <> 'FAILED' and r.reason = 'upgrade')`,
    })
    .from(payments)
    .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
    .leftJoin(withdrawals, eq(withdrawals.paymentId, payments.id))
    .where(where);
}

/** Every payment of hers, newest first. */
export async function listHerPayments(db: Db, userId: string): Promise<HerPayment[]> {
  const rows = await selectHerPayments(db, await ownership(db, userId)).orderBy(
    desc(sql`coalesce(${payments.approvedAt}, ${payments.createdAt})`),
    desc(payments.id),
  );
  return rows;
}

/** One payment of hers, or undefined (someone else's payments do not exist for her). */
export async function findHerPayment(
  db: Db,
  userId: string,
  paymentId: number,
): Promise<HerPayment | undefined> {
  const [row] = await selectHerPayments(
    db,
    and(eq(payments.id, paymentId), await ownership(db, userId)) as SQL,
  );
  return row;
}

/** A payment by its provider operation number whose purchase was made with `email` (guest path). */
export async function findPaymentByOperation(
  db: Db,
  providerPaymentId: string,
  email: string,
): Promise<HerPayment | undefined> {
  const [row] = await selectHerPayments(
    db,
    and(
      eq(payments.providerPaymentId, providerPaymentId),
      sql`lower(${paymentOrders.payerEmail}) = ${email.trim().toLowerCase()}`,
    ) as SQL,
  );
  return row;
}

import {
  cardKey,
  daysOf,
  expectedPlanPeriod,
  type FreePeriod,
  freePeriodCode,
  lawGivesWithdrawal,
  type ModelCharge,
  productsPaidFor,
  refundedInFull,
  sellableProducts,
  stackingToleranceDays,
  trialOf,
} from './model';
import type { FiscalObservation, Observation, TrialOrder } from './world';

/**
 * The invariants of the money model-based test (issue 39), one named function each. Each returns
 * what it found wrong, in words a reader of the report can act on; empty when it holds.
 */

/** The model's view of her approved charges: the provider's, with what our order says they were for. */
export function modelCharges(o: Observation): ModelCharge[] {
  const charges: ModelCharge[] = [];
  const firstByOrder = new Map<string, string>();
  for (const c of [...o.providerCharges].sort((a, b) => Number(a.id) - Number(b.id))) {
    const order = c.externalReference?.split(':')[1] ?? c.id;
    if (!firstByOrder.has(order)) firstByOrder.set(order, c.id);
  }
  for (const c of o.providerCharges) {
    const ours = o.ours.find((p) => p.providerPaymentId === c.id);
    if (!ours) continue; // everyApprovedChargeIsRecorded reports it
    charges.push({
      kind: ours.kind,
      itemId: ours.itemId,
      frequency: ours.frequency,
      providerPaymentId: c.id,
      amountCentavos: c.amountCentavos,
      refundedCentavos: c.refundedCentavos,
      approvedOn: c.approvedOn,
      firstOfOrder: firstByOrder.get(c.externalReference?.split(':')[1] ?? c.id) === c.id,
      withdrawn: o.withdrawnPaymentIds.includes(ours.id),
    });
  }
  return charges;
}

const money = (centavos: number) => `$ ${(centavos / 100).toLocaleString('es-AR')}`;
const describeCharge = (c: ModelCharge) =>
  `${c.kind} ${c.itemId}${c.frequency ? ` ${c.frequency}` : ''} charge ${c.providerPaymentId} (${money(c.amountCentavos)}` +
  `${c.refundedCentavos ? `, ${money(c.refundedCentavos)} refunded` : ''})`;

/** Every charge the provider approved is one row of our payments, with the provider's refunded amount. */
export function everyApprovedChargeIsRecorded(o: Observation): string[] {
  const found: string[] = [];
  for (const c of o.providerCharges) {
    const ours = o.ours.filter((p) => p.providerPaymentId === c.id);
    if (ours.length !== 1) {
      found.push(
        `provider charge ${c.id} (${money(c.amountCentavos)}, ${c.externalReference}) is in our payments ${ours.length} times`,
      );
    } else if (ours[0]?.refundedCentavos !== c.refundedCentavos) {
      found.push(
        `charge ${c.id}: the provider refunded ${money(c.refundedCentavos)}, our payments say ${money(ours[0]?.refundedCentavos ?? 0)}`,
      );
    }
  }
  return found;
}

/**
 * Each approved charge is granted or refunded, never neither (a charge that bought nothing and was
 * kept), never both (refunded in full while what it bought still runs).
 */
export function eachChargeGrantedOrRefundedNeverBoth(o: Observation, charges: ModelCharge[]): string[] {
  const found: string[] = [];
  const paid = productsPaidFor(charges);
  for (const c of charges) {
    const ours = o.ours.find((p) => p.providerPaymentId === c.providerPaymentId);
    if (!ours) continue;
    if (!ours.grantedAt && !refundedInFull(c)) {
      found.push(`${describeCharge(c)} was neither granted nor refunded (order ${ours.orderStatus})`);
      continue;
    }
    if (!refundedInFull(c)) continue;
    if (c.kind === 'program') {
      const owns = o.owned.some((p) => p.productId === c.itemId);
      if (owns && !paid.has(c.itemId))
        found.push(`${describeCharge(c)} was refunded in full but she still owns ${c.itemId}`);
      continue;
    }
    const sameOrder = o.ours.filter((p) => p.orderId === ours.orderId);
    const orderKept = charges.some(
      (other) =>
        sameOrder.some((p) => p.providerPaymentId === other.providerPaymentId) && !refundedInFull(other),
    );
    const hadTrial = o.trialOrders.some((t) => t.orderId === ours.orderId);
    const grantRuns = o.grants.some((g) => g.orderId === ours.orderId && g.state === 'active');
    if (grantRuns && !orderKept && !hadTrial) {
      found.push(`${describeCharge(c)} was refunded in full but the access it bought still runs`);
    }
  }
  return found;
}

/** No charge is refunded twice: each refund we record is one refund at the provider, never more than was paid. */
export function refundsHappenOnce(o: Observation): string[] {
  const found: string[] = [];
  for (const c of o.providerCharges) {
    if (c.refundedCentavos > c.amountCentavos) {
      found.push(`charge ${c.id}: ${money(c.refundedCentavos)} refunded of ${money(c.amountCentavos)}`);
    }
    const ours = o.ours.find((p) => p.providerPaymentId === c.id);
    if (!ours) continue;
    const done = o.refunds.filter((r) => r.paymentId === ours.id && r.status === 'SUCCESS');
    const sum = done.reduce((s, r) => s + r.amountCentavos, 0);
    if (done.length !== c.refunds || sum !== c.refundedCentavos) {
      found.push(
        `charge ${c.id}: the provider made ${c.refunds} refund(s) of ${money(c.refundedCentavos)} in all, ` +
          `we recorded ${done.length} (${done.map((r) => `${r.reason} ${money(r.amountCentavos)}`).join(', ')})`,
      );
    }
  }
  return found;
}

/**
 * One trial per person and per card (issue 39: a card is its digits, not its typed expiry). Returns
 * the trials the model accepts (the first of each person and card, in order) and what broke the rule.
 */
export function oneTrialPerPersonAndCard(
  trials: (TrialOrder & { personLabel: string })[],
  cardOfLastFour: (lastFour: string | null) => { firstSix: string; lastFour: string } | null,
): { legit: Set<string>; found: string[] } {
  const given = trials
    .filter((t) => ['active', 'cancelled', 'replaced', 'withdrawn', 'refunded', 'expired'].includes(t.status))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const persons = new Set<string>();
  const cards = new Set<string>();
  const legit = new Set<string>();
  const found: string[] = [];
  for (const t of given) {
    const card = cardOfLastFour(t.cardLastFour);
    const key = card ? cardKey(card) : `unknown card ${t.cardLastFour}`;
    if (persons.has(t.personLabel))
      found.push(`${t.personLabel} got a second free trial (${t.planId}, order ${t.orderId})`);
    else if (cards.has(key))
      found.push(`card ${key} got a second free trial (${t.personLabel}, ${t.planId}, order ${t.orderId})`);
    else legit.add(t.orderId);
    persons.add(t.personLabel);
    cards.add(key);
  }
  return { legit, found };
}

/** The free periods the model gives her: a trial it accepts while its agreement runs, each free-period code. */
export function freePeriodsOf(o: Observation, legitTrials: Set<string>): FreePeriod[] {
  const free: FreePeriod[] = [];
  for (const t of o.trialOrders) {
    if (!legitTrials.has(t.orderId) || !['active', 'cancelled'].includes(t.status)) continue;
    const period = trialOf(t.planId, t.frequency);
    if (period) free.push({ why: 'trial', period });
  }
  for (let i = 0; i < o.freeCodeRedemptions; i++)
    free.push({ why: 'free_code', period: freePeriodCode.period });
  return free;
}

/** Days from today covered by her live plan grants (each day once, however many grants cover it). */
export function planAccessDays(o: Observation): number {
  const days = new Set<string>();
  for (const g of o.grants) {
    if (g.kind !== 'plan' || g.state !== 'active' || !g.endsOn) continue;
    let day = g.startsOn < o.today ? o.today : g.startsOn;
    for (let i = 0; day <= g.endsOn && i < 4000; i++) {
      days.add(day);
      const next = new Date(`${day}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      day = next.toISOString().slice(0, 10);
    }
  }
  return days.size;
}

/** Her plan access days equal the days paid for (and given free) minus the days refunded. */
export function accessDaysArePaidMinusRefunded(
  o: Observation,
  charges: ModelCharge[],
  free: FreePeriod[],
): string[] {
  const actual = planAccessDays(o);
  const period = expectedPlanPeriod(charges, free);
  const expected = daysOf(period, o.today);
  if (Math.abs(actual - expected) <= stackingToleranceDays) return [];
  const live = charges
    .filter((c) => c.kind !== 'program')
    .map((c) => `${describeCharge(c)}${refundedInFull(c) ? ' [refunded]' : ''}`);
  const grants = o.grants
    .filter((g) => g.kind === 'plan')
    .map((g) => `#${g.id} ${g.startsOn}..${g.endsOn} ${g.state}`);
  return [
    `plan access: ${actual} days from today, the model expects ${expected} (${period.months} months + ${period.days} days). ` +
      `Charges: ${live.join('; ') || 'none'}. Free: ${free.map((f) => f.why).join(', ') || 'none'}. Grants: ${grants.join('; ')}`,
  ];
}

/** She owns a program or pack exactly when one charge for it was kept; never paid for twice. */
export function ownsExactlyWhatSheKeeps(o: Observation, charges: ModelCharge[]): string[] {
  const found: string[] = [];
  const paid = productsPaidFor(charges);
  for (const product of sellableProducts) {
    const kept = paid.get(product) ?? 0;
    const owns = o.owned.some((p) => p.productId === product);
    if (kept > 1) found.push(`${product}: ${kept} charges kept for one product (paid twice)`);
    if (kept > 0 && !owns) found.push(`${product}: paid and kept, but she does not own it`);
    if (kept === 0 && owns) found.push(`${product}: owned without a charge that was kept`);
  }
  return found;
}

/** Mi cuenta offers the withdrawal exactly when the law gives it. */
export function withdrawalOfferedExactlyWhenLawGives(o: Observation, charges: ModelCharge[]): string[] {
  const found: string[] = [];
  for (const c of charges) {
    const listed = o.listed.find((p) => p.providerPaymentId === c.providerPaymentId);
    if (!listed) {
      found.push(`${describeCharge(c)} is not listed in Mi cuenta`);
      continue;
    }
    const offered = listed.withdrawableUntil !== null && o.today <= listed.withdrawableUntil;
    const law = lawGivesWithdrawal(c, o.today);
    if (offered !== law) {
      found.push(
        `${describeCharge(c)}: Mi cuenta ${offered ? 'offers' : 'does not offer'} the withdrawal ` +
          `(withdrawableUntil ${listed.withdrawableUntil}), the law ${law ? 'gives' : 'does not give'} it`,
      );
    }
  }
  return found;
}

/** One invoice per approved payment and one credit note per refund, all issued (the whole database). */
export function oneFiscalDocumentPerPaymentAndRefund(f: FiscalObservation): string[] {
  const found: string[] = [];
  for (const p of f.approvedPayments) {
    if (p.amountCentavos <= 0) continue;
    const invoices = f.documents.filter((d) => d.kind === 'invoice' && d.paymentId === p.id);
    if (invoices.length !== 1 || invoices[0]?.status !== 'ISSUED') {
      found.push(
        `payment ${p.id}: ${invoices.length} invoice(s) (${invoices.map((d) => d.status).join(', ')})`,
      );
    }
  }
  for (const r of f.succeededRefunds) {
    const notes = f.documents.filter((d) => d.kind === 'credit_note' && d.refundId === r.id);
    if (notes.length !== 1 || notes[0]?.status !== 'ISSUED') {
      found.push(
        `refund ${r.id} of payment ${r.paymentId}: ${notes.length} credit note(s) (${notes.map((d) => d.status).join(', ')})`,
      );
    }
  }
  const refundIds = new Set(f.succeededRefunds.map((r) => r.id));
  for (const d of f.documents) {
    if (d.kind === 'credit_note' && (d.refundId === null || !refundIds.has(d.refundId))) {
      found.push(`credit note ${d.id} documents no refund that succeeded (refund ${d.refundId})`);
    }
  }
  return found;
}

/** Numbers per voucher type and point of sale run 1, 2, 3 … without a gap or a repeat, as ARCA has them. */
export function fiscalNumbersAreContiguous(f: FiscalObservation): string[] {
  const found: string[] = [];
  const byKey = new Map<string, number[]>();
  for (const d of f.documents) {
    if (d.number === null) continue;
    const key = `${d.pointOfSale}/${d.voucherType}`;
    byKey.set(key, [...(byKey.get(key) ?? []), d.number]);
  }
  for (const [key, numbers] of byKey) {
    const sorted = [...numbers].sort((a, b) => a - b);
    const gap = sorted.findIndex((n, i) => n !== i + 1);
    if (gap >= 0)
      found.push(`point of sale/type ${key}: numbers ${sorted.join(', ')} are not 1..${sorted.length}`);
    const arca = [...(f.arcaVouchers.get(key) ?? [])].sort((a, b) => a - b);
    if (arca.join(',') !== sorted.join(',')) {
      found.push(`point of sale/type ${key}: ours ${sorted.join(', ')}, ARCA's ${arca.join(', ')}`);
    }
  }
  for (const key of f.arcaVouchers.keys()) {
    if (!byKey.has(key)) found.push(`ARCA has vouchers ${key} we do not`);
  }
  return found;
}

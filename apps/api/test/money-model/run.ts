import fc from 'fast-check';
import {
  accessDaysArePaidMinusRefunded,
  eachChargeGrantedOrRefundedNeverBoth,
  everyApprovedChargeIsRecorded,
  fiscalNumbersAreContiguous,
  freePeriodsOf,
  modelCharges,
  oneFiscalDocumentPerPaymentAndRefund,
  oneTrialPerPersonAndCard,
  ownsExactlyWhatSheKeeps,
  refundsHappenOnce,
  withdrawalOfferedExactlyWhenLawGives,
} from './invariants';
import {
  type CardPlanName,
  cardKey,
  cardPlans,
  discountCoupon,
  type Frequency,
  freePeriodCode,
  lawGivesWithdrawal,
  type SellableProduct,
  sellableProducts,
  trialOf,
} from './model';
import {
  type Answer,
  atOnce,
  buyGuestTier,
  type Card,
  cancelSubscription,
  newIdempotencyKey,
  newPerson,
  newVisaNumber,
  type Observation,
  observe,
  observeFiscal,
  operatorRefund,
  type Person,
  payProduct,
  reactivateSubscription,
  renew,
  settle,
  subscribeCard,
  tokenOf,
  usePromoCode,
  type World,
  withdraw,
} from './world';

/**
 * The generated sequences of the money model-based test and how they run: a few persons, rounds
 * of one or two actions sent at once (each action itself sent 1–3 times at once), and after every
 * round the invariants, checked against the reference model (model.ts, invariants.ts).
 */

export type Who = 'A' | 'B';
/** Every action: who, how many copies at once, and the gap between copies (0: the same instant). */
export type Action = { gapMs?: number } & (
  | {
      op: 'subscribe';
      who: Who;
      copies: number;
      plan: CardPlanName;
      frequency: Frequency;
      coupon: boolean;
      borrowedCard: boolean;
    }
  | { op: 'guest'; who: Who; copies: number; tier: 'ORO' | 'PLATINUM' | 'BLACK' }
  | { op: 'product'; who: Who; copies: number; product: SellableProduct }
  | { op: 'freeCode'; who: Who; copies: number }
  | { op: 'renew'; who: Who; copies: number }
  | { op: 'cancel'; who: Who; copies: number }
  | { op: 'reactivate'; who: Who; copies: number }
  | { op: 'refund'; who: Who; copies: number; pick: number; partial: boolean }
  | { op: 'withdraw'; who: Who; copies: number; pick: number }
);
export type Op = Action['op'];
export const allOps: Op[] = [
  'subscribe',
  'guest',
  'product',
  'freeCode',
  'renew',
  'cancel',
  'reactivate',
  'refund',
  'withdraw',
];
/** Rounds of actions sent at once. */
export type Sequence = Action[][];

export interface Generation {
  ops: Op[];
  /** a person pays with the other's card (another expiry): the one-trial-per-card rule */
  borrowedCards: boolean;
  /** operator refunds of part of a payment */
  partialRefunds: boolean;
  /** a card plan bought while a guest membership runs */
  cardPlanOverMembership: boolean;
  /** a card plan bought while a free-period code runs */
  cardPlanOverFreeCode: boolean;
  /** an operator's refund in full of a plan charge whose agreement was charged again since */
  fullRefundAfterRenewal: boolean;
  /** a card plan bought (an upgrade) while her agreement has been charged more than once */
  upgradeAfterRenewal: boolean;
  minActions: number;
  maxActions: number;
}

export const fullGeneration: Generation = {
  ops: allOps,
  borrowedCards: true,
  partialRefunds: true,
  cardPlanOverMembership: true,
  cardPlanOverFreeCode: true,
  fullRefundAfterRenewal: true,
  upgradeAfterRenewal: true,
  minActions: 6,
  maxActions: 10,
};

function actionArb(g: Generation): fc.Arbitrary<Action> {
  const who = fc.constantFrom<Who>('A', 'B');
  const copies = fc.integer({ min: 1, max: 3 });
  const pick = fc.nat({ max: 7 });
  const byOp: Record<Op, fc.Arbitrary<Action>> = {
    subscribe: fc.record({
      op: fc.constant('subscribe' as const),
      who,
      copies,
      plan: fc.constantFrom(...(Object.keys(cardPlans) as CardPlanName[])),
      frequency: fc.constantFrom<Frequency>('monthly', 'annual'),
      coupon: fc.boolean(),
      borrowedCard: g.borrowedCards ? fc.boolean() : fc.constant(false),
    }),
    guest: fc.record({
      op: fc.constant('guest' as const),
      who,
      copies,
      tier: fc.constantFrom('ORO' as const, 'PLATINUM' as const, 'BLACK' as const),
    }),
    product: fc.record({
      op: fc.constant('product' as const),
      who,
      copies,
      product: fc.constantFrom(...sellableProducts),
    }),
    freeCode: fc.record({ op: fc.constant('freeCode' as const), who, copies }),
    renew: fc.record({ op: fc.constant('renew' as const), who, copies }),
    cancel: fc.record({ op: fc.constant('cancel' as const), who, copies }),
    reactivate: fc.record({ op: fc.constant('reactivate' as const), who, copies }),
    refund: fc.record({
      op: fc.constant('refund' as const),
      who,
      copies,
      pick,
      partial: g.partialRefunds ? fc.boolean() : fc.constant(false),
    }),
    withdraw: fc.record({ op: fc.constant('withdraw' as const), who, copies, pick }),
  };
  // Copies at the same instant, or a tap apart (a double tap, a client's retry: 30–90 ms).
  return fc
    .tuple(fc.oneof(...g.ops.map((op) => byOp[op])), fc.constantFrom(0, 0, 40, 80))
    .map(([action, gapMs]) => (action.copies > 1 && gapMs > 0 ? { ...action, gapMs } : action));
}

/** A round where one person does `first` and `second` at once. */
const together = (round: Action[], first: Op, second: Op) =>
  round.some((a) => a.op === first && round.some((b) => b !== a && b.who === a.who && b.op === second));

/** Rounds a generation leaves out: what it excludes, sent at once beside what would lead to it. */
const leftOut = (g: Generation, round: Action[]) =>
  (!g.cardPlanOverMembership && together(round, 'subscribe', 'guest')) ||
  (!g.cardPlanOverFreeCode && together(round, 'subscribe', 'freeCode')) ||
  (!g.upgradeAfterRenewal && together(round, 'subscribe', 'renew')) ||
  (!g.fullRefundAfterRenewal && together(round, 'refund', 'renew'));

/** A sequence: 6–10 actions in rounds of one or two sent at once. */
export function sequenceArb(g: Generation): fc.Arbitrary<Sequence> {
  const round = fc.array(actionArb(g), { minLength: 1, maxLength: 2 }).filter((r) => !leftOut(g, r));
  return fc
    .array(round, { minLength: Math.ceil(g.minActions / 2), maxLength: g.maxActions })
    .map((rounds) => {
      const out: Sequence = [];
      let n = 0;
      for (const r of rounds) {
        if (n >= g.maxActions) break;
        out.push(r.slice(0, g.maxActions - n));
        n += r.length;
      }
      return out;
    })
    .filter((s) => s.flat().length >= g.minActions);
}

export function describeAction(a: Action): string {
  const base = `${a.who}${a.copies > 1 ? `×${a.copies}` : ''}${a.gapMs ? ` (${a.gapMs} ms apart)` : ''} ${a.op}`;
  switch (a.op) {
    case 'subscribe':
      return `${base} ${a.plan} ${a.frequency}${a.coupon ? ` ${discountCoupon}` : ''}${a.borrowedCard ? ' (card of the other, new expiry)' : ''}`;
    case 'guest':
      return `${base} ${a.tier}`;
    case 'product':
      return `${base} ${a.product}`;
    case 'refund':
      return `${base} payment #${a.pick} ${a.partial ? 'partial (1/5, access kept)' : 'in full'}`;
    case 'withdraw':
      return `${base} payment #${a.pick}`;
    default:
      return base;
  }
}
export const describeSequence = (s: Sequence) =>
  s.map((round, i) => `  ${i + 1}. ${round.map(describeAction).join('  ||  ')}`).join('\n');

/* ---------- running a sequence ---------- */

interface RunState {
  world: World;
  persons: Record<Who, Person>;
  /** the card each person pays with when she borrows the other's: same digits, another expiry */
  borrowed: Record<Who, Card>;
  trace: string[];
  generation: Generation;
}

/** Why a generation leaves out this card plan purchase now (null: it does not). */
async function excludedCardPlan(state: RunState, person: Person): Promise<string | null> {
  const g = state.generation;
  const o = await observe(state.world, person);
  const runs = (source: string) =>
    o.grants.some((grant) => grant.kind === 'plan' && grant.state === 'active' && grant.source === source);
  if (!g.cardPlanOverMembership && runs('guest_purchase')) return 'a guest membership runs';
  if (!g.cardPlanOverFreeCode && runs('promo_code')) return 'a free-period code runs';
  if (!g.upgradeAfterRenewal && renewedOrders(o).size > 0) return 'her agreement was renewed';
  return null;
}

/** Her subscription orders charged more than once. */
function renewedOrders(o: Observation): Set<string> {
  const charges = new Map<string, number>();
  for (const p of o.ours) {
    if (p.kind === 'subscription' && p.approvedAt) charges.set(p.orderId, (charges.get(p.orderId) ?? 0) + 1);
  }
  return new Set([...charges].filter(([, n]) => n > 1).map(([orderId]) => orderId));
}

const cardOf = (state: RunState, lastFour: string | null) => {
  for (const card of [state.persons.A.card, state.persons.B.card]) {
    if (lastFour && card.number.endsWith(lastFour)) return { firstSix: card.number.slice(0, 6), lastFour };
  }
  return null;
};

async function trialWasUsed(state: RunState, person: Person, card: Card): Promise<boolean> {
  const key = cardKey({ firstSix: card.number.slice(0, 6), lastFour: card.number.slice(-4) });
  for (const p of [state.persons.A, state.persons.B]) {
    const o = await observe(state.world, p);
    const given = o.trialOrders.filter((t) => !['refused', 'error', 'created', 'pending'].includes(t.status));
    if (p === person && given.length > 0) return true;
    if (
      given.some((t) => {
        const c = cardOf(state, t.cardLastFour);
        return c !== null && cardKey(c) === key;
      })
    )
      return true;
  }
  return false;
}

/** Her approved payments as Mi cuenta lists them, in a stable order, for `pick`. */
const pickable = (o: Observation) =>
  o.listed
    .filter((p) => o.providerCharges.some((c) => c.id === p.providerPaymentId))
    .sort((a, b) => Number(a.id) - Number(b.id));

interface Sent {
  action: Action;
  answers: Answer[];
  /** withdraw: what the law gave before the round */
  lawBefore?: boolean;
  /** checkouts: the provider charges of hers before the round */
  chargesBefore?: Set<string>;
}

async function send(state: RunState, action: Action): Promise<Sent> {
  const { world } = state;
  const person = state.persons[action.who];
  switch (action.op) {
    case 'subscribe': {
      const excluded = await excludedCardPlan(state, person);
      if (excluded) return { action, answers: [{ status: 0, body: { excluded } }] };
      const card = action.borrowedCard ? state.borrowed[action.who] : person.card;
      const planTrial = trialOf(cardPlans[action.plan].planId, action.frequency);
      const expectsFreeTrial = planTrial !== null && !(await trialWasUsed(state, person, card));
      const key = newIdempotencyKey();
      const answers = await atOnce(action, async () =>
        subscribeCard(
          world,
          person,
          {
            subscriptionPlanName: action.plan,
            subscriptionPlanFrequency: action.frequency,
            cardToken: await tokenOf(world, card),
            ...(action.coupon ? { promoCode: discountCoupon } : {}),
            expectsFreeTrial,
          },
          key,
        ),
      );
      return { action, answers };
    }
    case 'guest':
      return { action, answers: await buyGuestTier(world, person, action.tier, action.copies) };
    case 'product': {
      const key = newIdempotencyKey();
      return {
        action,
        answers: await atOnce(action, async () =>
          payProduct(world, person, action.product, await tokenOf(world, person.card), key),
        ),
      };
    }
    case 'freeCode':
      return {
        action,
        answers: await atOnce(action, () => usePromoCode(world, person, freePeriodCode.code)),
      };
    case 'renew':
      return { action, answers: [await renew(world, person, action.copies)] };
    case 'cancel':
      return { action, answers: await atOnce(action, () => cancelSubscription(world, person)) };
    case 'reactivate':
      return {
        action,
        answers: await atOnce(action, async () =>
          reactivateSubscription(world, person, await tokenOf(world, person.card)),
        ),
      };
    case 'refund': {
      const o = await observe(world, person);
      const renewed = state.generation.fullRefundAfterRenewal ? new Set<string>() : renewedOrders(o);
      const refundable = pickable(o).filter(
        (p) =>
          p.amount - p.refundedAmount > 0 &&
          // left out: a refund in full of a charge of an agreement charged again since
          (action.partial || !o.ours.some((ours) => ours.id === Number(p.id) && renewed.has(ours.orderId))),
      );
      const target = refundable[action.pick % Math.max(1, refundable.length)];
      if (!target) return { action, answers: [{ status: 0, body: { nothing: 'no refundable payment' } }] };
      const key = newIdempotencyKey();
      const payload = action.partial
        ? { amount: Math.floor(target.amount / 5), endAccess: false, idempotencyKey: key }
        : { idempotencyKey: key };
      return {
        action,
        answers: await atOnce(action, () => operatorRefund(world, target.id, payload)),
      };
    }
    case 'withdraw': {
      const o = await observe(world, person);
      const listed = pickable(o);
      const target = listed[action.pick % Math.max(1, listed.length)];
      if (!target) return { action, answers: [{ status: 0, body: { nothing: 'no payment' } }] };
      const charge = modelCharges(o).find((c) => c.providerPaymentId === target.providerPaymentId);
      const lawBefore = charge ? lawGivesWithdrawal(charge, o.today) : false;
      const answers = await atOnce(action, () => withdraw(world, person, target.id));
      return { action, answers, lawBefore };
    }
  }
}

const checkoutOps: Op[] = ['subscribe', 'product', 'guest', 'reactivate'];

/** A violation: the round it appeared after, the invariant, what it found. */
export interface Violation {
  round: number;
  invariant: string;
  message: string;
}

async function checkRound(state: RunState, round: number, sent: Sent[]): Promise<Violation[]> {
  const found: Violation[] = [];
  const add = (invariant: string, messages: string[]) => {
    for (const message of messages) found.push({ round, invariant, message });
  };
  const observations = {
    A: await observe(state.world, state.persons.A),
    B: await observe(state.world, state.persons.B),
  };
  const trials = oneTrialPerPersonAndCard(
    (['A', 'B'] as const).flatMap((who) =>
      observations[who].trialOrders.map((t) => ({ ...t, personLabel: who })),
    ),
    (lastFour) => cardOf(state, lastFour),
  );
  add('oneTrialPerPersonAndCard', trials.found);
  for (const who of ['A', 'B'] as const) {
    const o = observations[who];
    const charges = modelCharges(o);
    const tag = (messages: string[]) => messages.map((m) => `${who}: ${m}`);
    add('everyApprovedChargeIsRecorded', tag(everyApprovedChargeIsRecorded(o)));
    add('eachChargeGrantedOrRefundedNeverBoth', tag(eachChargeGrantedOrRefundedNeverBoth(o, charges)));
    add('refundsHappenOnce', tag(refundsHappenOnce(o)));
    add(
      'accessDaysArePaidMinusRefunded',
      tag(accessDaysArePaidMinusRefunded(o, charges, freePeriodsOf(o, trials.legit))),
    );
    add('ownsExactlyWhatSheKeeps', tag(ownsExactlyWhatSheKeeps(o, charges)));
    add('withdrawalOfferedExactlyWhenLawGives', tag(withdrawalOfferedExactlyWhenLawGives(o, charges)));
  }
  // One charge per checkout, however often it was sent: per person and product, the new first
  // charges of orders (a renewal in the same round is no checkout's) are at most the checkouts of
  // the round (two different plans pressed at once are two checkouts; three copies of one are one).
  const categoryOf = (kind: string, item: string) => (kind === 'program' ? item : kind);
  const checkouts = new Map<string, Sent[]>();
  for (const s of sent) {
    const a = s.action;
    if (!checkoutOps.includes(a.op)) continue;
    const category = a.op === 'product' ? a.product : a.op === 'guest' ? 'guest_tier' : 'subscription';
    const key = `${a.who}:${category}`;
    checkouts.set(key, [...(checkouts.get(key) ?? []), s]);
  }
  for (const [key, group] of checkouts) {
    const [who, category] = key.split(':') as [Who, string];
    const before = group[0]?.chargesBefore ?? new Set<string>();
    const fresh = modelCharges(observations[who]).filter(
      (c) => !before.has(c.providerPaymentId) && c.firstOfOrder && categoryOf(c.kind, c.itemId) === category,
    );
    if (fresh.length > group.length) {
      add('oneChargePerCheckout', [
        `${group.map((s) => describeAction(s.action)).join(' and ')}: ${fresh.length} approved charges (${fresh
          .map(
            (c) =>
              `${c.providerPaymentId} $ ${c.amountCentavos / 100}${c.refundedCentavos ? ` refunded $ ${c.refundedCentavos / 100}` : ''}`,
          )
          .join(', ')})`,
      ]);
    }
  }
  // A withdrawal is answered as the law says (when nothing else of hers ran in the same round).
  for (const s of sent) {
    if (s.action.op !== 'withdraw' || s.lawBefore === undefined) continue;
    const alone = sent.filter((other) => other.action.who === s.action.who).length === 1;
    if (!alone) continue;
    const accepted = s.answers.some((a) => a.status === 200);
    if (accepted !== s.lawBefore) {
      add('withdrawalAnsweredAsTheLawSays', [
        `${describeAction(s.action)}: the law ${s.lawBefore ? 'gives' : 'does not give'} it, the answers were ${s.answers.map((a) => `${a.status} ${a.body.internalCode ?? a.body.refundStatus ?? ''}`).join(', ')}`,
      ]);
    }
  }
  const fiscal = await observeFiscal(state.world);
  add('oneFiscalDocumentPerPaymentAndRefund', oneFiscalDocumentPerPaymentAndRefund(fiscal));
  add('fiscalNumbersAreContiguous', fiscalNumbersAreContiguous(fiscal));
  return found;
}

export interface SequenceOutcome {
  violations: Violation[];
  trace: string[];
}

/** Runs one sequence with two fresh persons; stops at the first round that breaks an invariant. */
export async function runSequence(
  world: World,
  sequence: Sequence,
  random: () => number,
  generation: Generation = fullGeneration,
): Promise<SequenceOutcome> {
  const cardA: Card = { number: newVisaNumber(random), month: 5, year: 2031 };
  let numberB = newVisaNumber(random);
  while (numberB.slice(-4) === cardA.number.slice(-4)) numberB = newVisaNumber(random);
  const cardB: Card = { number: numberB, month: 7, year: 2032 };
  const state: RunState = {
    world,
    persons: { A: await newPerson(world, 'a', cardA), B: await newPerson(world, 'b', cardB) },
    borrowed: { A: { ...cardB, month: 9, year: 2033 }, B: { ...cardA, month: 9, year: 2033 } },
    trace: [],
    generation,
  };
  for (const [i, round] of sequence.entries()) {
    const before = {
      A: new Set((await observe(world, state.persons.A)).providerCharges.map((c) => c.id)),
      B: new Set((await observe(world, state.persons.B)).providerCharges.map((c) => c.id)),
    };
    const sent = await Promise.all(
      round.map(async (action) => ({ ...(await send(state, action)), chargesBefore: before[action.who] })),
    );
    await settle(world);
    state.trace.push(
      `${i + 1}. ${sent
        .map((s) => `${describeAction(s.action)} → ${s.answers.map((a) => a.status).join('/')}`)
        .join('  ||  ')}`,
    );
    const violations = await checkRound(state, i + 1, sent);
    if (violations.length > 0) return { violations, trace: state.trace };
  }
  return { violations: [], trace: state.trace };
}

export const formatViolations = (violations: Violation[]) =>
  violations.map((v) => `  after round ${v.round}: ${v.invariant}: ${v.message}`).join('\n');

export interface ModelRunOptions {
  seed: number;
  runs: number;
  generation: Generation;
  shrink: boolean;
  /** stop shrinking after this long (ms); the smallest counterexample so far is kept */
  timeLimitMs?: number;
  log?: (line: string) => void;
  /** log every round of every sequence, not only of a failing one */
  verbose?: boolean;
}

export interface ModelRunReport {
  seed: number;
  runs: number;
  failed: boolean;
  counterexample: Sequence | null;
  violations: Violation[];
  trace: string[];
  path: string | null;
  shrinks: number;
  error: string | null;
}

/** Runs `runs` generated sequences (fast-check, `seed`), shrinking the first failure when asked. */
export async function runModel(world: World, options: ModelRunOptions): Promise<ModelRunReport> {
  let last: SequenceOutcome | null = null;
  let lastSequence: Sequence | null = null;
  let count = 0;
  const property = fc.asyncProperty(
    sequenceArb(options.generation),
    fc.integer(),
    async (sequence, cardSeed) => {
      let x = cardSeed >>> 0 || 1;
      const random = () => {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        return (x >>> 0) / 4_294_967_296;
      };
      count += 1;
      const started = Date.now();
      const outcome = await runSequence(world, sequence, random, options.generation);
      if (outcome.violations.length === 0) {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        options.log?.(`  sequence ${count}: held (${sequence.flat().length} actions, ${seconds} s)`);
        if (options.verbose) for (const line of outcome.trace) options.log?.(`    ${line}`);
      }
      if (outcome.violations.length > 0) {
        last = outcome;
        lastSequence = sequence;
        options.log?.(
          `  sequence ${count}: ${outcome.violations.length} violation(s) (${sequence.flat().length} actions)`,
        );
        return false;
      }
      return true;
    },
  );
  const details = await fc.check(property, {
    seed: options.seed,
    numRuns: options.runs,
    endOnFailure: !options.shrink,
    ...(options.timeLimitMs
      ? { interruptAfterTimeLimit: options.timeLimitMs, markInterruptAsFailure: false }
      : {}),
  });
  const outcomeSoFar = last as SequenceOutcome | null;
  const failingRound = outcomeSoFar?.violations[0]?.round;
  // The rounds after the first one that broke an invariant never ran: the counterexample ends there.
  const generated = (details.counterexample?.[0] as Sequence | undefined) ?? lastSequence;
  const counterexample = generated && failingRound ? generated.slice(0, failingRound) : generated;
  const outcome = outcomeSoFar;
  return {
    seed: options.seed,
    runs: details.numRuns,
    failed: details.failed,
    counterexample,
    violations: outcome?.violations ?? [],
    trace: outcome?.trace ?? [],
    path: details.counterexamplePath ?? null,
    shrinks: details.numShrinks,
    error: details.errorInstance
      ? String((details.errorInstance as Error).stack ?? details.errorInstance)
      : null,
  };
}

export function formatReport(report: ModelRunReport): string {
  if (!report.failed)
    return `money model: ${report.runs} sequences, every invariant held (seed ${report.seed})`;
  return [
    `money model: FAILED after ${report.runs} sequence(s) (seed ${report.seed}, path ${report.path}, ${report.shrinks} shrinks)`,
    'counterexample:',
    report.counterexample ? describeSequence(report.counterexample) : '  (none)',
    'what happened:',
    ...report.trace.map((t) => `  ${t}`),
    'violations:',
    formatViolations(report.violations),
    ...(report.error && report.violations.length === 0 ? ['error:', report.error] : []),
  ].join('\n');
}

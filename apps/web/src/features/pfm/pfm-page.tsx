import {
  type PfmAccount,
  type PfmAccountKind,
  type PfmCard,
  type PfmCuotasOContado,
  type PfmCurrency,
  type PfmOverview,
  type PfmRate,
  type PfmRateKind,
  pfmAccountKindNames,
  pfmAccountKinds,
  pfmRateKinds,
  pfmRateNames,
} from '@alcancia/contract/pfm';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { track } from '../../lib/analytics';
import { formatDate, formatMoney } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { Badge } from '../../ui/badge';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/feedback';
import { SelectField } from '../../ui/select-field';
import { Tabs } from '../../ui/tabs';
import { TextField } from '../../ui/text-field';
import { formatDollars, formatRate, parseAmount } from './money-input';
import {
  useAddAccount,
  useAddCard,
  useAddMovement,
  useAddPurchase,
  useAddRule,
  useCuotasOContado,
  useMovements,
  useOverview,
  usePayStatement,
  useRecategorize,
  useStatements,
  useTotals,
} from './pfm-api';
import './pfm.css';

const money = (minor: number, currency: PfmCurrency) =>
  currency === 'USD' ? formatDollars(minor) : formatMoney(minor);
const errorText = (error: unknown) => (error instanceof Error ? error.message : null);

/** /misCuentas with the PFM control on (issue 43): her money in pesos and dollars. */
export default function PfmPage() {
  usePageTitle('Mis Cuentas');
  const overview = useOverview();
  const [tab, setTab] = useState('resumen');
  useEffect(() => {
    track('pfm_home_view', { section: 'mis-cuentas' });
  }, []);
  return (
    <div className="pfm">
      <header className="page-header">
        <div className="page-header-titles">
          <h1 className="page-title">Mis Cuentas</h1>
          <p className="page-greeting">Tu plata en pesos y en dólares, tus tarjetas y tus cuotas.</p>
        </div>
      </header>
      <p className="pfm-notice">
        Mis Cuentas informa, no aconseja: los números y las cuentas son para que decidas vos. No es
        asesoramiento financiero.
      </p>
      {overview.isPending ? (
        <Spinner label="Cargando tus cuentas…" />
      ) : overview.isError ? (
        <Banner
          tone="danger"
          title="No pudimos cargar tus cuentas"
          action={
            <Button variant="secondary" onClick={() => overview.refetch()}>
              Reintentar
            </Button>
          }
        >
          {overview.error.message}
        </Banner>
      ) : (
        <Tabs
          label="Secciones de Mis Cuentas"
          value={tab}
          onChange={setTab}
          tabs={[
            { id: 'resumen', label: 'Resumen', panel: <SummaryPanel overview={overview.data} /> },
            { id: 'tarjetas', label: 'Tarjetas', panel: <CardsPanel overview={overview.data} /> },
            { id: 'movimientos', label: 'Movimientos', panel: <MovementsPanel overview={overview.data} /> },
            { id: 'calculadora', label: '¿Cuotas o contado?', panel: <CuotasOContadoPanel /> },
          ]}
        />
      )}
    </div>
  );
}

/* ---------- Resumen: totals at a rate, accounts ---------- */

function RateLine({ rate }: { rate: PfmRate }) {
  const minutes = Math.round(rate.ageSeconds / 60);
  return (
    <p className="pfm-rate">
      Cotización {pfmRateNames[rate.kind]}: <strong>$ {formatRate(rate.sell)}</strong> por dólar (venta).
      Fuente: {rate.source}, {formatDate(rate.asOf)}{' '}
      {new Date(rate.asOf).toLocaleTimeString('es-AR', {
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'America/Argentina/Buenos_Aires',
      })}
      .{' '}
      {rate.stale ? (
        <Badge tone="warning">Desactualizada: la leímos hace {minutes} min</Badge>
      ) : (
        <span className="pfm-muted">Leída hace {minutes} min.</span>
      )}
    </p>
  );
}

function SummaryPanel({ overview }: { overview: PfmOverview }) {
  const [rate, setRate] = useState<PfmRateKind>('mep');
  const totals = useTotals(rate);
  return (
    <div className="pfm-grid">
      <Card as="section" title="Tus totales" titleLevel={2} padded>
        <SelectField
          label="Cotización"
          value={rate}
          onChange={(event) => setRate(event.target.value as PfmRateKind)}
        >
          {pfmRateKinds.map((kind) => (
            <option key={kind} value={kind}>
              {pfmRateNames[kind]}
            </option>
          ))}
        </SelectField>
        {totals.isPending ? (
          <Spinner label="Calculando tus totales…" />
        ) : totals.isError ? (
          <Banner tone="danger">{totals.error.message}</Banner>
        ) : (
          <div aria-live="polite">
            <dl className="pfm-totals">
              <div>
                <dt>En pesos</dt>
                <dd>{formatMoney(totals.data.byCurrency.ARS)}</dd>
              </div>
              <div>
                <dt>En dólares</dt>
                <dd>{formatDollars(totals.data.byCurrency.USD)}</dd>
              </div>
              <div>
                <dt>Todo en pesos</dt>
                <dd>
                  {totals.data.totalArsMinor === null
                    ? 'Sin cotización'
                    : formatMoney(totals.data.totalArsMinor)}
                </dd>
              </div>
              <div>
                <dt>Todo en dólares ({pfmRateNames[rate]})</dt>
                <dd data-testid="pfm-total-usd">
                  {totals.data.totalUsdMinor === null
                    ? 'Sin cotización'
                    : formatDollars(totals.data.totalUsdMinor)}
                </dd>
              </div>
            </dl>
            {totals.data.rate ? (
              <RateLine rate={totals.data.rate} />
            ) : (
              <p className="pfm-muted">Todavía no tenemos esa cotización. Probá de nuevo en unos minutos.</p>
            )}
          </div>
        )}
      </Card>
      <Card as="section" title="Tus cuentas" titleLevel={2} padded>
        {overview.accounts.length === 0 ? (
          <p className="pfm-muted">Todavía no cargaste cuentas.</p>
        ) : (
          <ul className="pfm-list">
            {overview.accounts.map((account) => (
              <li key={account.id}>
                <span>
                  {account.name} <span className="pfm-muted">· {pfmAccountKindNames[account.kind]}</span>
                </span>
                <strong>{money(account.balanceMinor, account.currency)}</strong>
              </li>
            ))}
          </ul>
        )}
        <AccountForm />
      </Card>
    </div>
  );
}

function AccountForm() {
  const add = useAddAccount();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<PfmAccountKind>('banco');
  const [currency, setCurrency] = useState<PfmCurrency>('ARS');
  const [opening, setOpening] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const openingBalanceMinor = opening.trim() ? parseAmount(opening) : 0;
    if (openingBalanceMinor === null) return setProblem('Escribí un importe, por ejemplo 1.234,56.');
    setProblem(null);
    add.mutate(
      { name, kind, currency, openingBalanceMinor },
      {
        onSuccess: () => {
          setName('');
          setOpening('');
        },
      },
    );
  };
  return (
    <form className="pfm-form" onSubmit={submit} aria-label="Nueva cuenta">
      <h3 className="pfm-subtitle">Nueva cuenta</h3>
      <TextField
        label="Nombre de la cuenta"
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        maxLength={60}
      />
      <SelectField
        label="Tipo"
        value={kind}
        onChange={(e) => {
          const next = e.target.value as PfmAccountKind;
          setKind(next);
          if (next === 'dolares') setCurrency('USD');
        }}
      >
        {pfmAccountKinds.map((k) => (
          <option key={k} value={k}>
            {pfmAccountKindNames[k]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Moneda"
        value={currency}
        onChange={(e) => setCurrency(e.target.value as PfmCurrency)}
      >
        <option value="ARS">Pesos (ARS)</option>
        <option value="USD">Dólares (USD)</option>
      </SelectField>
      <TextField
        label="Saldo inicial"
        inputMode="decimal"
        value={opening}
        onChange={(e) => setOpening(e.target.value)}
        hint="Opcional. Por ejemplo 150.000,50"
        error={problem}
      />
      {add.isError && <Banner tone="danger">{errorText(add.error)}</Banner>}
      <Button type="submit" loading={add.isPending}>
        Agregar cuenta
      </Button>
    </form>
  );
}

/* ---------- Tarjetas: cards, purchases in cuotas, próximos resúmenes ---------- */

function CardsPanel({ overview }: { overview: PfmOverview }) {
  return (
    <div className="pfm-grid">
      {overview.cards.map((card) => (
        <CardSection key={card.id} card={card} accounts={overview.accounts} today={overview.today} />
      ))}
      <Card as="section" title="Nueva tarjeta" titleLevel={2} padded>
        <CardForm />
      </Card>
    </div>
  );
}

function CardForm() {
  const add = useAddCard();
  const [name, setName] = useState('');
  const [closingDay, setClosingDay] = useState('25');
  const [dueDay, setDueDay] = useState('5');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { name, closingDay: Number(closingDay), dueDay: Number(dueDay) },
      { onSuccess: () => setName('') },
    );
  };
  return (
    <form className="pfm-form" onSubmit={submit} aria-label="Nueva tarjeta">
      <TextField
        label="Nombre de la tarjeta"
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        maxLength={60}
      />
      <TextField
        label="Día de cierre"
        type="number"
        min={1}
        max={31}
        value={closingDay}
        onChange={(e) => setClosingDay(e.target.value)}
        hint="Si el mes es más corto, cierra el último día."
        required
      />
      <TextField
        label="Día de vencimiento"
        type="number"
        min={1}
        max={31}
        value={dueDay}
        onChange={(e) => setDueDay(e.target.value)}
        required
      />
      {add.isError && <Banner tone="danger">{errorText(add.error)}</Banner>}
      <Button type="submit" loading={add.isPending}>
        Agregar tarjeta
      </Button>
    </form>
  );
}

function CardSection({ card, accounts, today }: { card: PfmCard; accounts: PfmAccount[]; today: string }) {
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId} padded>
      <h2 id={headingId} className="pfm-card-title">
        {card.name}
      </h2>
      <p className="pfm-muted">
        Cierra el día {card.closingDay} y vence el día {card.dueDay} de cada mes.
      </p>
      <PurchaseForm card={card} today={today} />
      <ComingStatements card={card} accounts={accounts} today={today} />
    </Card>
  );
}

function PurchaseForm({ card, today }: { card: PfmCard; today: string }) {
  const add = useAddPurchase();
  const [description, setDescription] = useState('');
  const [occurredOn, setOccurredOn] = useState(today);
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<PfmCurrency>('ARS');
  const [installments, setInstallments] = useState('3');
  const [rate, setRate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amountMinor = parseAmount(amount);
    if (amountMinor === null || amountMinor <= 0)
      return setProblem('Escribí el precio, por ejemplo 120.000.');
    setProblem(null);
    add.mutate(
      {
        cardId: card.id,
        description,
        occurredOn,
        amountMinor,
        currency,
        installments: Number(installments),
        ...(rate.trim() ? { annualRatePercent: rate.trim().replace(',', '.') } : {}),
      },
      {
        onSuccess: () => {
          setDescription('');
          setAmount('');
        },
      },
    );
  };
  return (
    <form className="pfm-form" onSubmit={submit} aria-label={`Compra con ${card.name}`}>
      <h3 className="pfm-subtitle">Compra en cuotas</h3>
      <TextField
        label="Qué compraste"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        required
        maxLength={120}
      />
      <TextField
        label="Fecha de compra"
        type="date"
        value={occurredOn}
        onChange={(e) => setOccurredOn(e.target.value)}
        required
      />
      <TextField
        label="Precio"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={problem}
        required
      />
      <SelectField
        label="Moneda de la compra"
        value={currency}
        onChange={(e) => setCurrency(e.target.value as PfmCurrency)}
      >
        <option value="ARS">Pesos (ARS)</option>
        <option value="USD">Dólares (USD)</option>
      </SelectField>
      <TextField
        label="Cantidad de cuotas"
        type="number"
        min={1}
        max={72}
        value={installments}
        onChange={(e) => setInstallments(e.target.value)}
        required
      />
      <TextField
        label="TNA de la financiación (%)"
        inputMode="decimal"
        value={rate}
        onChange={(e) => setRate(e.target.value)}
        hint="Vacío: cuotas sin interés."
      />
      {add.isError && <Banner tone="danger">{errorText(add.error)}</Banner>}
      {add.isSuccess && (
        <p className="pfm-muted" role="status">
          Listo: {add.data.installments} cuotas de{' '}
          {money(add.data.schedule[add.data.schedule.length - 1]?.amountMinor ?? 0, add.data.currency)}, la
          primera en el resumen que cierra el {formatDate(add.data.schedule[0]?.statementClosing ?? today)}.
        </p>
      )}
      <Button type="submit" loading={add.isPending}>
        Agregar compra
      </Button>
    </form>
  );
}

function ComingStatements({
  card,
  accounts,
  today,
}: {
  card: PfmCard;
  accounts: PfmAccount[];
  today: string;
}) {
  const statements = useStatements(card.id);
  const pay = usePayStatement();
  const pesosAccount = accounts.find((a) => a.currency === 'ARS');
  if (statements.isPending) return <Spinner label="Cargando los resúmenes…" />;
  if (statements.isError) return <Banner tone="danger">{statements.error.message}</Banner>;
  const { statements: list, committedLaterMinor } = statements.data;
  return (
    <section className="pfm-statements" aria-label={`Próximos resúmenes de ${card.name}`}>
      <h3 className="pfm-subtitle">Próximos resúmenes</h3>
      {list.length === 0 ? (
        <p className="pfm-muted">No hay cuotas por pagar en esta tarjeta.</p>
      ) : (
        <ul className="pfm-list">
          {list.map((statement) => (
            <li key={statement.closingDate} className="pfm-statement">
              <span>
                Cierra el {formatDate(statement.closingDate)} · vence el {formatDate(statement.dueDate)}
                {statement.closingDate < today && <Badge tone="warning">Cerrado sin pagar</Badge>}
                <span className="pfm-muted pfm-block">
                  {statement.items
                    .map((item) => `${item.description} (cuota ${item.number} de ${item.of})`)
                    .join(' · ')}
                </span>
              </span>
              <strong>
                {formatMoney(statement.owedMinor.ARS)}
                {statement.owedMinor.USD > 0 && ` + ${formatDollars(statement.owedMinor.USD)}`}
              </strong>
              {statement.closingDate < today && (
                <Button
                  size="small"
                  variant="secondary"
                  loading={pay.isPending}
                  onClick={() =>
                    pay.mutate({
                      cardId: card.id,
                      closingDate: statement.closingDate,
                      accountId: pesosAccount?.id,
                    })
                  }
                >
                  Pagar resumen
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {pay.isError && <Banner tone="danger">{errorText(pay.error)}</Banner>}
      <p>
        Comprometido en resúmenes posteriores: <strong>{formatMoney(committedLaterMinor.ARS)}</strong>
        {committedLaterMinor.USD > 0 && ` + ${formatDollars(committedLaterMinor.USD)}`}
      </p>
      <p className="pfm-muted">
        ¿Cómo se arma un resumen? Mirá la clase{' '}
        <Link to="/academy/tarjeta-de-credito/tarjeta-de-credito-m1-s1">
          Cierre, vencimiento y pago mínimo
        </Link>
        .
      </p>
    </section>
  );
}

/* ---------- Movimientos: quick entry, categories, rules ---------- */

function MovementsPanel({ overview }: { overview: PfmOverview }) {
  const month = overview.today.slice(0, 7);
  const movements = useMovements(month);
  const recategorize = useRecategorize();
  const accountOf = new Map(overview.accounts.map((a) => [a.id, a]));
  return (
    <div className="pfm-grid">
      <Card as="section" title="Anotar un movimiento" titleLevel={2} padded>
        {overview.accounts.length === 0 ? (
          <p className="pfm-muted">Primero agregá una cuenta en Resumen.</p>
        ) : (
          <QuickEntry overview={overview} />
        )}
      </Card>
      <Card
        as="section"
        title={`Movimientos de ${formatDate(`${month}-01`).replace(/^1 de /, '')}`}
        titleLevel={2}
        padded
      >
        {movements.isPending ? (
          <Spinner label="Cargando movimientos…" />
        ) : movements.isError ? (
          <Banner tone="danger">{movements.error.message}</Banner>
        ) : movements.data.movements.length === 0 ? (
          <p className="pfm-muted">Sin movimientos este mes.</p>
        ) : (
          <ul className="pfm-list">
            {movements.data.movements.map((movement) => (
              <li key={movement.id} className="pfm-movement">
                <span>
                  {movement.description}
                  <span className="pfm-muted pfm-block">
                    {formatDate(movement.occurredOn)} · {accountOf.get(movement.accountId)?.name}
                  </span>
                </span>
                <strong>{money(movement.amountMinor, movement.currency)}</strong>
                <SelectField
                  label={`Categoría de ${movement.description}`}
                  value={movement.category}
                  onChange={(e) => recategorize.mutate({ id: movement.id, category: e.target.value })}
                >
                  {[...new Set([movement.category, ...overview.categories])].map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </SelectField>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card as="section" title="Tus reglas" titleLevel={2} padded>
        <RulesSection overview={overview} />
      </Card>
    </div>
  );
}

function QuickEntry({ overview }: { overview: PfmOverview }) {
  const add = useAddMovement();
  const [accountId, setAccountId] = useState(overview.accounts[0]?.id ?? '');
  const [direction, setDirection] = useState<'gasto' | 'ingreso'>('gasto');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [occurredOn, setOccurredOn] = useState(overview.today);
  const [category, setCategory] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const account = overview.accounts.find((a) => a.id === accountId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = parseAmount(amount);
    if (minor === null || minor <= 0)
      return setProblem('Escribí un importe mayor que cero, por ejemplo 2.500.');
    if (!account) return setProblem('Elegí una cuenta.');
    setProblem(null);
    add.mutate(
      {
        accountId,
        occurredOn,
        description,
        amountMinor: direction === 'gasto' ? -minor : minor,
        currency: account.currency,
        ...(category ? { category } : {}),
      },
      {
        onSuccess: () => {
          setAmount('');
          setDescription('');
        },
      },
    );
  };
  return (
    <form className="pfm-form pfm-quick" onSubmit={submit} aria-label="Anotar un movimiento">
      <SelectField label="Cuenta" value={accountId} onChange={(e) => setAccountId(e.target.value)}>
        {overview.accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name} ({a.currency})
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Tipo de movimiento"
        value={direction}
        onChange={(e) => setDirection(e.target.value as 'gasto' | 'ingreso')}
      >
        <option value="gasto">Gasto</option>
        <option value="ingreso">Ingreso</option>
      </SelectField>
      <TextField
        label="Importe"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={problem}
        required
      />
      <TextField
        label="Descripción"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        required
        maxLength={120}
      />
      <TextField
        label="Fecha"
        type="date"
        value={occurredOn}
        onChange={(e) => setOccurredOn(e.target.value)}
        required
      />
      <SelectField
        label="Categoría"
        value={category}
        onChange={(e) => setCategory(e.target.value)}
        hint="Sin elegir, la ponen tus reglas."
      >
        <option value="">Según mis reglas</option>
        {overview.categories.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      {add.isError && <Banner tone="danger">{errorText(add.error)}</Banner>}
      <Button type="submit" loading={add.isPending} block>
        Anotar
      </Button>
    </form>
  );
}

function RulesSection({ overview }: { overview: PfmOverview }) {
  const add = useAddRule();
  const [contains, setContains] = useState('');
  const [category, setCategory] = useState(overview.categories[0] ?? 'Otros');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ contains, category }, { onSuccess: () => setContains('') });
  };
  return (
    <>
      {overview.rules.length === 0 ? (
        <p className="pfm-muted">Sin reglas todavía.</p>
      ) : (
        <ul className="pfm-list">
          {overview.rules.map((rule) => (
            <li key={rule.id}>
              <span>Si la descripción contiene «{rule.contains}»</span>
              <strong>{rule.category}</strong>
            </li>
          ))}
        </ul>
      )}
      <form className="pfm-form" onSubmit={submit} aria-label="Nueva regla">
        <TextField
          label="Si la descripción contiene"
          value={contains}
          onChange={(e) => setContains(e.target.value)}
          required
          minLength={2}
          maxLength={60}
        />
        <SelectField label="Poné la categoría" value={category} onChange={(e) => setCategory(e.target.value)}>
          {overview.categories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        {add.isError && <Banner tone="danger">{errorText(add.error)}</Banner>}
        <Button type="submit" variant="secondary" loading={add.isPending}>
          Agregar regla
        </Button>
      </form>
    </>
  );
}

/* ---------- ¿Cuotas o contado? ---------- */

const rateKindNames = {
  plazo_fijo: 'Plazo fijo (TNA)',
  fci_money_market: 'FCI money market (TNA)',
  inflacion: 'Inflación mensual esperada',
} as const;

function CuotasOContadoPanel() {
  const calculate = useCuotasOContado();
  const [cash, setCash] = useState('');
  const [installments, setInstallments] = useState('6');
  const [installment, setInstallment] = useState('');
  const [rateKind, setRateKind] = useState<keyof typeof rateKindNames>('plazo_fijo');
  const [ratePercent, setRatePercent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cashMinor = parseAmount(cash);
    const installmentMinor = parseAmount(installment);
    if (!cashMinor || cashMinor <= 0 || !installmentMinor || installmentMinor <= 0) {
      return setProblem('Escribí el precio de contado y el valor de cada cuota.');
    }
    setProblem(null);
    calculate.mutate({
      cashMinor,
      installmentMinor,
      installments: Number(installments),
      rateKind,
      ratePercent: ratePercent.trim().replace(',', '.'),
    });
  };
  return (
    <div className="pfm-grid">
      <Card as="section" title="¿Cuotas o contado?" titleLevel={2} padded>
        <p className="pfm-muted">
          Compará lo que valen hoy las cuotas, descontadas a la tasa que elijas, con el precio de contado.
        </p>
        <form className="pfm-form" onSubmit={submit} aria-label="¿Cuotas o contado?">
          <TextField
            label="Precio de contado"
            inputMode="decimal"
            value={cash}
            onChange={(e) => setCash(e.target.value)}
            required
          />
          <TextField
            label="Cantidad de cuotas"
            type="number"
            min={1}
            max={72}
            value={installments}
            onChange={(e) => setInstallments(e.target.value)}
            required
          />
          <TextField
            label="Valor de cada cuota"
            inputMode="decimal"
            value={installment}
            onChange={(e) => setInstallment(e.target.value)}
            error={problem}
            required
          />
          <SelectField
            label="Tasa para comparar"
            value={rateKind}
            onChange={(e) => setRateKind(e.target.value as keyof typeof rateKindNames)}
          >
            {Object.entries(rateKindNames).map(([kind, name]) => (
              <option key={kind} value={kind}>
                {name}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Tasa (%)"
            inputMode="decimal"
            value={ratePercent}
            onChange={(e) => setRatePercent(e.target.value)}
            hint={rateKind === 'inflacion' ? 'Por mes, por ejemplo 2,5.' : 'Anual (TNA), por ejemplo 32.'}
            required
          />
          {calculate.isError && <Banner tone="danger">{errorText(calculate.error)}</Banner>}
          <Button type="submit" loading={calculate.isPending}>
            Calcular
          </Button>
        </form>
      </Card>
      {calculate.data && <CuotasResult result={calculate.data} />}
    </div>
  );
}

function CuotasResult({ result }: { result: PfmCuotasOContado }) {
  const verdict =
    result.cheaper === 'cuotas'
      ? `Hoy, las cuotas valen ${formatMoney(-result.differenceMinor)} menos que el precio de contado.`
      : result.cheaper === 'contado'
        ? `Hoy, las cuotas valen ${formatMoney(result.differenceMinor)} más que el precio de contado.`
        : 'Hoy, las cuotas valen lo mismo que el precio de contado.';
  return (
    <Card as="section" title="El resultado, con la cuenta" titleLevel={2} padded>
      <p className="pfm-verdict" role="status">
        {verdict}
      </p>
      <dl className="pfm-totals">
        <div>
          <dt>Suma de las cuotas</dt>
          <dd>{formatMoney(result.totalInstallmentsMinor)}</dd>
        </div>
        <div>
          <dt>Valor hoy de las cuotas</dt>
          <dd>{formatMoney(result.presentValueMinor)}</dd>
        </div>
        <div>
          <dt>Precio de contado</dt>
          <dd>{formatMoney(result.cashMinor)}</dd>
        </div>
        <div>
          <dt>Tasa mensual usada</dt>
          <dd>
            {(Number(result.monthlyRate) * 100).toLocaleString('es-AR', { maximumFractionDigits: 4 })} %
          </dd>
        </div>
      </dl>
      {/* scrolls sideways on a narrow screen: reachable by keyboard, named for screen readers */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section className="pfm-table-wrap" aria-label="La cuenta, cuota por cuota" tabIndex={0}>
        <table className="pfm-table">
          <caption>Cada cuota traída a hoy: cuota ÷ (1 + tasa mensual) elevado al número de meses</caption>
          <thead>
            <tr>
              <th scope="col">Cuota</th>
              <th scope="col">Importe</th>
              <th scope="col">Factor</th>
              <th scope="col">Valor hoy</th>
            </tr>
          </thead>
          <tbody>
            {result.steps.map((step) => (
              <tr key={step.number}>
                <th scope="row">{step.number}</th>
                <td>{formatMoney(step.amountMinor)}</td>
                <td>{step.factor.replace('.', ',')}</td>
                <td>{formatMoney(step.presentValueMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p className="pfm-muted">
        Esto es una cuenta para que entiendas el costo del tiempo, no una recomendación: decidí vos según tu
        situación.
      </p>
      {result.lesson && (
        <p>
          La explicación completa está en la clase <Link to={result.lesson.href}>{result.lesson.title}</Link>.
        </p>
      )}
    </Card>
  );
}

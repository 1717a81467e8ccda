import type { Metrics } from '@alcancia/contract/admin';
import { type FormEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../../ui/feedback';
import { adminErrorText } from '../admin-api';
import { formatDateTime, formatPesos } from '../admin-format';
import { AdminTable } from '../admin-table';
import { DayField } from '../day-field';
import { useMetrics } from './dashboard-api';
import { type ChartSeries, MetricsChart } from './metrics-chart';
import {
  argentinaToday,
  formatCount,
  formatDay,
  formatRate,
  funnelLabels,
  metricsCsv,
  shiftDay,
} from './metrics-format';
import './dashboard.css';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';

const presets = [
  { days: 7, label: 'Últimos 7 días' },
  { days: 30, label: 'Últimos 30 días' },
  { days: 90, label: 'Últimos 90 días' },
  { days: 365, label: 'Último año' },
];

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The admin's dashboard on /admin: the business's figures for a period (in the URL, `desde` and
 * `hasta`), two daily charts with their tables, and the figures as CSV.
 */
export default function DashboardPanel() {
  const [params, setParams] = useSearchParams();
  const today = argentinaToday();
  const to = datePattern.test(params.get('hasta') ?? '') ? (params.get('hasta') as string) : today;
  const from = datePattern.test(params.get('desde') ?? '')
    ? (params.get('desde') as string)
    : shiftDay(to, -29);
  const metrics = useMetrics(from, to);
  const [draft, setDraft] = useState({ from, to });
  const [draftError, setDraftError] = useState<string | null>(null);

  function choose(nextFrom: string, nextTo: string) {
    const next = new URLSearchParams(params);
    next.set('desde', nextFrom);
    next.set('hasta', nextTo);
    setParams(next);
    setDraft({ from: nextFrom, to: nextTo });
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    if (!datePattern.test(draft.from) || !datePattern.test(draft.to)) {
      setDraftError('Escribí las dos fechas como dd/mm/aaaa.');
      return;
    }
    if (draft.from > draft.to) {
      setDraftError('La fecha de inicio tiene que ser anterior a la de fin.');
      return;
    }
    setDraftError(null);
    choose(draft.from, draft.to);
  }

  return (
    <section className="admin-stack" aria-labelledby="dashboard-title">
      <h2 id="dashboard-title">Tablero</h2>
      <form className="admin-filters" onSubmit={apply} aria-label="Período">
        <DayField
          label="Desde"
          name="desde"
          value={draft.from}
          onChange={(from) => setDraft((current) => ({ ...current, from }))}
        />
        <DayField
          label="Hasta"
          name="hasta"
          value={draft.to}
          onChange={(to) => setDraft((current) => ({ ...current, to }))}
          error={draftError}
        />
        <Button type="submit">Ver período</Button>
      </form>
      <fieldset className="admin-actions admin-presets">
        <legend className="visually-hidden">Períodos rápidos</legend>
        {presets.map((preset) => (
          <Button
            key={preset.days}
            variant="secondary"
            size="compact"
            aria-pressed={from === shiftDay(today, 1 - preset.days) && to === today}
            onClick={() => choose(shiftDay(today, 1 - preset.days), today)}
          >
            {preset.label}
          </Button>
        ))}
      </fieldset>
      {metrics.isPending && <Spinner label="Calculando las cifras…" />}
      {metrics.isError && <Banner tone="danger">{adminErrorText(metrics.error)}</Banner>}
      {metrics.data && <Figures metrics={metrics.data} refreshing={metrics.isFetching} />}
    </section>
  );
}

function downloadCsv(metrics: Metrics) {
  const blob = new Blob([metricsCsv(metrics)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `alcancia-tablero-${metrics.from}-a-${metrics.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Figures({ metrics: m, refreshing }: { metrics: Metrics; refreshing: boolean }) {
  const dates = useMemo(() => m.days.map((d) => d.date), [m]);
  const activity = useMemo<ChartSeries[]>(
    () => [
      {
        label: 'Altas de cuentas',
        values: m.days.map((d) => d.signUps),
        color: '#2f6f5e',
        format: formatCount,
      },
      {
        label: 'Suscripciones nuevas',
        values: m.days.map((d) => d.newSubscriptions),
        color: '#6b4fbb',
        format: formatCount,
      },
      {
        label: 'Suscripciones canceladas',
        values: m.days.map((d) => d.cancelledSubscriptions),
        color: '#b23b4a',
        format: formatCount,
      },
    ],
    [m],
  );
  const revenue = useMemo<ChartSeries[]>(
    () => [
      {
        label: 'Ingresos',
        values: m.days.map((d) => d.revenue),
        color: '#1f5f8b',
        format: (v) => formatPesos(v),
        bars: true,
      },
    ],
    [m],
  );
  const firstStep = m.funnel[0]?.count ?? 0;
  return (
    <div className="admin-stack" aria-busy={refreshing}>
      <p className="admin-muted" aria-live="polite">
        Del {formatDay(m.from)} al {formatDay(m.to)} · calculado {formatDateTime(m.generatedAt)}
        {/* the API keeps a long period's figures (decision 0196) */}
        {m.days.length > 31 ? ' · los períodos de más de un mes se recalculan cada 10 minutos' : ''}
      </p>
      <div className="admin-actions">
        <Button variant="secondary" onClick={() => downloadCsv(m)}>
          Descargar CSV
        </Button>
      </div>
      <dl className="admin-kpis">
        <Kpi label="Altas de cuentas" value={formatCount(m.signUps)} />
        <Kpi label="Cuentas validadas" value={formatCount(m.validatedAccounts)} />
        <Kpi label="Suscriptoras activas" value={formatCount(m.activeSubscribers)} />
        <Kpi label="Pruebas gratis iniciadas" value={formatCount(m.trialsStarted)} />
        <Kpi label="Suscripciones nuevas" value={formatCount(m.newSubscriptions)} />
        <Kpi label="Suscripciones canceladas" value={formatCount(m.cancelledSubscriptions)} />
        <Kpi label="MRR (hoy)" value={formatPesos(m.mrr)} />
        <Kpi label="Churn del período" value={formatRate(m.churnRate)} />
        <Kpi label="Ingresos" value={formatPesos(m.revenue.total)} />
        <Kpi
          label="Devoluciones"
          value={`${formatCount(m.refunds.count)} · ${formatPesos(m.refunds.amount)}`}
        />
        <Kpi label="Cursos iniciados" value={formatCount(m.courseStarts)} />
        <Kpi label="Cursos completados" value={formatCount(m.courseCompletions)} />
      </dl>

      <div className="admin-columns">
        <div className="admin-panel">
          <h3>Ingresos por producto</h3>
          <AdminTable
            caption="Ingresos por producto en el período"
            columns={['Producto', { label: 'Ingresos', number: true }]}
          >
            {(
              [
                ['Suscripciones', m.revenue.subscriptions],
                ['Programas', m.revenue.programs],
                ['Packs', m.revenue.packs],
                ['Membresías sin cuenta', m.revenue.guestMemberships],
              ] as const
            ).map(([label, amount]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td className="admin-number">{formatPesos(amount)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Total</th>
              <td className="admin-number">{formatPesos(m.revenue.total)}</td>
            </tr>
          </AdminTable>
        </div>
        <div className="admin-panel">
          <h3>Suscriptoras activas por plan</h3>
          {m.activeSubscribersByPlan.length === 0 ? (
            <p>No hay suscriptoras activas.</p>
          ) : (
            <AdminTable
              caption="Suscriptoras activas por plan"
              columns={['Plan', { label: 'Suscriptoras', number: true }]}
            >
              {m.activeSubscribersByPlan.map((plan) => (
                <tr key={plan.planId}>
                  <th scope="row">{plan.planName}</th>
                  <td className="admin-number">{formatCount(plan.count)}</td>
                </tr>
              ))}
            </AdminTable>
          )}
        </div>
      </div>

      <div className="admin-panel">
        <h3>Embudo: de los planes al pago</h3>
        <AdminTable
          caption="Embudo de suscripción en el período"
          columns={['Paso', { label: 'Cantidad', number: true }, { label: 'Del primer paso', number: true }]}
        >
          {m.funnel.map((step) => (
            <tr key={step.step}>
              <th scope="row">{funnelLabels[step.step]}</th>
              <td className="admin-number">{formatCount(step.count)}</td>
              <td className="admin-number">{firstStep > 0 ? formatRate(step.count / firstStep) : '—'}</td>
            </tr>
          ))}
        </AdminTable>
        <p className="admin-muted">
          Cada paso cuenta personas distintas (una cuenta, o un navegador sin sesión) que hicieron ese paso y
          todos los anteriores en el período; el último, las que además empezaron una suscripción nueva.
        </p>
      </div>

      <div className="admin-panel">
        <h3>Actividad por día</h3>
        <MetricsChart
          title="Altas, suscripciones nuevas y canceladas por día"
          dates={dates}
          series={activity}
        />
        <MetricsChart title="Ingresos por día" dates={dates} series={revenue} />
        <details>
          <summary>Ver los datos por día en una tabla</summary>
          <AdminTable
            caption="Cifras por día"
            columns={[
              'Día',
              { label: 'Altas', number: true },
              { label: 'Suscripciones nuevas', number: true },
              { label: 'Canceladas', number: true },
              { label: 'Ingresos', number: true },
            ]}
          >
            {m.days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{formatDay(d.date)}</th>
                <td className="admin-number">{formatCount(d.signUps)}</td>
                <td className="admin-number">{formatCount(d.newSubscriptions)}</td>
                <td className="admin-number">{formatCount(d.cancelledSubscriptions)}</td>
                <td className="admin-number">{formatPesos(d.revenue)}</td>
              </tr>
            ))}
          </AdminTable>
        </details>
      </div>
    </div>
  );
}

function Kpi({ label, value }: { label: string; value: string }) {
  return (
    <div className="admin-kpi">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

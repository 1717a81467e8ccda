import type { Metrics, MetricsFunnelStep } from '@alcancia/contract/admin';
import { type CsvValue, csvDocument, csvNumber } from '@alcancia/contract/csv';

/** "01/03/2026" from an Argentina date (YYYY-MM-DD). */
const dayFormat = new Intl.DateTimeFormat('es-AR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
export const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

/** "1/3" for a chart's axis. */
const shortDayFormat = new Intl.DateTimeFormat('es-AR', {
  day: 'numeric',
  month: 'numeric',
  timeZone: 'UTC',
});
export const formatShortDay = (date: string) => shortDayFormat.format(new Date(`${date}T00:00:00Z`));

const integer = new Intl.NumberFormat('es-AR');
export const formatCount = (value: number) => integer.format(value);

const percent = new Intl.NumberFormat('es-AR', { style: 'percent', maximumFractionDigits: 1 });
export const formatRate = (value: number | null) => (value === null ? '—' : percent.format(value));

export const funnelLabels: Record<MetricsFunnelStep['step'], string> = {
  subscription_modal: 'Vieron los planes',
  subscription_button_clicked: 'Eligieron un plan',
  subscription_checkout_view: 'Abrieron el pago',
  subscription_checkout_submit: 'Enviaron el pago',
  paid: 'Pagaron (suscripción nueva)',
};

/** YYYY-MM-DD of a day `offset` days from `date`. */
export function shiftDay(date: string, offset: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + offset);
  return at.toISOString().slice(0, 10);
}

/** Today in Argentina (YYYY-MM-DD). */
export function argentinaToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Argentina/Buenos_Aires',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Money in the CSV: pesos with a dot for decimals (spreadsheets read it in any locale setting). */
const pesos = (centavos: number) => csvNumber((centavos / 100).toFixed(2));

/**
 * The figures as CSV (comma separated, UTF-8 with BOM so spreadsheets show the accents): one
 * "indicador,valor" block for the period, then one row per day. Written by the product's one CSV
 * writer: the plans' names are text and neutralized, the figures are numbers (decision 0260).
 */
export function metricsCsv(m: Metrics): string {
  const rows: CsvValue[][] = [
    ['indicador', 'valor'],
    ['desde', m.from],
    ['hasta', m.to],
    ['altas de cuentas', m.signUps],
    ['cuentas validadas', m.validatedAccounts],
    ['suscriptoras activas', m.activeSubscribers],
    ...m.activeSubscribersByPlan.map((p) => [`suscriptoras activas: ${p.planName}`, p.count]),
    ['pruebas gratis iniciadas', m.trialsStarted],
    ['suscripciones nuevas', m.newSubscriptions],
    ['suscripciones canceladas', m.cancelledSubscriptions],
    ['MRR (ARS)', pesos(m.mrr)],
    ['churn', m.churnRate === null ? null : csvNumber(m.churnRate.toFixed(4))],
    ['ingresos suscripciones (ARS)', pesos(m.revenue.subscriptions)],
    ['ingresos programas (ARS)', pesos(m.revenue.programs)],
    ['ingresos packs (ARS)', pesos(m.revenue.packs)],
    ['ingresos membresías (ARS)', pesos(m.revenue.guestMemberships)],
    ['ingresos total (ARS)', pesos(m.revenue.total)],
    ['devoluciones', m.refunds.count],
    ['devoluciones (ARS)', pesos(m.refunds.amount)],
    ['cursos iniciados', m.courseStarts],
    ['cursos completados', m.courseCompletions],
    ...m.funnel.map((s) => [`embudo: ${funnelLabels[s.step]}`, s.count]),
    [],
    ['fecha', 'altas de cuentas', 'suscripciones nuevas', 'suscripciones canceladas', 'ingresos (ARS)'],
    ...m.days.map((d) => [d.date, d.signUps, d.newSubscriptions, d.cancelledSubscriptions, pesos(d.revenue)]),
  ];
  return csvDocument(rows, ',');
}

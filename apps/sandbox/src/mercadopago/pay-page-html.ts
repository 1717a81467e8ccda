import { escapeHtml, htmlPage } from '../html-page';
import type { PayerCost } from './installments';
import { OUTCOME_LABELS } from './outcomes';
import type { PaymentResource, PreferenceResource } from './types';

// The Checkout Pro stand-in pages (see html-page.ts); the stylesheet is served next to them as pay.css.

const money = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });

const brand = { name: 'Mercado Pago', label: 'emulador', note: 'emulador local' };

function layout(title: string, body: string): string {
  return htmlPage(brand, 'pay.css', title, body);
}

export interface PayPageModel {
  preference: PreferenceResource;
  total: number;
  payerCosts: PayerCost[];
  error?: string;
}

export function renderPayPage({ preference, total, payerCosts, error }: PayPageModel): string {
  const rows = preference.items
    .map(
      (item) =>
        `<tr><th scope="row">${escapeHtml(item.title)}<span class="quantity">Cantidad: ${item.quantity}</span></th><td>${money.format(item.unit_price * item.quantity)}</td></tr>`,
    )
    .join('\n');
  const names = Object.entries(OUTCOME_LABELS)
    .map(([name, label]) => `<option value="${name}">${name} — ${escapeHtml(label)}</option>`)
    .join('');
  const costs = payerCosts
    .map((cost) => `<option value="${cost.installments}">${escapeHtml(cost.recommended_message)}</option>`)
    .join('');
  const alert = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
  return layout(
    'Pagar',
    `<h1>Pagá tu compra</h1>
${alert}
<table>
<caption>Resumen de la compra</caption>
<colgroup><col><col class="amount"></colgroup>
<thead><tr><th scope="col">Producto</th><th scope="col">Importe</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th scope="row">Total</th><td>${money.format(total)}</td></tr></tfoot>
</table>
<form method="post" action="pay">
<input type="hidden" name="pref_id" value="${escapeHtml(preference.id)}">
<fieldset>
<legend>Tarjeta de prueba</legend>
<label for="card">Tarjeta</label>
<select id="card" name="card">
<option value="visa">Visa terminada en 3704</option>
<option value="master">Mastercard terminada en 0604</option>
<option value="amex">American Express terminada en 7522</option>
</select>
<label for="cardholder_name">Nombre del titular (elige el resultado)</label>
<select id="cardholder_name" name="cardholder_name">${names}</select>
<label for="installments">Cuotas</label>
<select id="installments" name="installments">${costs}</select>
<label for="email">Correo electrónico</label>
<input id="email" name="email" type="email" required autocomplete="email" value="${escapeHtml(preference.payer.email ?? '')}">
</fieldset>
<button type="submit">Pagar ${money.format(total)}</button>
</form>`,
  );
}

const RESULT_TITLES: Record<string, string> = {
  approved: '¡Listo! Tu pago fue aprobado',
  in_process: 'Tu pago está pendiente de aprobación',
  rejected: 'Tu pago fue rechazado',
};

export function renderResultPage(payment: PaymentResource, backUrl: string | null, retryUrl: string): string {
  const title = RESULT_TITLES[payment.status] ?? 'Estado del pago';
  const back = backUrl ? `<a class="button" href="${escapeHtml(backUrl)}">Volver al sitio</a>` : '';
  const retry =
    payment.status === 'rejected' ? `<a href="${escapeHtml(retryUrl)}">Intentar de nuevo</a>` : '';
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>Operación n.º ${payment.id} por ${money.format(payment.transaction_amount)}. Estado: <code>${payment.status}</code> / <code>${escapeHtml(payment.status_detail)}</code>.</p>
<p class="actions">${back} ${retry}</p>`,
  );
}

export function renderErrorPage(message: string): string {
  return layout('Error', `<h1>No pudimos mostrar el pago</h1><p role="alert">${escapeHtml(message)}</p>`);
}

export const PAY_PAGE_CSS = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,sans-serif;font-size:1rem;line-height:1.5;color:#1a1a1a;background:#f5f5f5}
.banner{background:#009ee3;color:#fff;padding:.5rem 1rem}
.banner p{margin:0;font-weight:700}
.banner span{display:block;font-weight:400;font-size:.875rem}
main{max-width:36rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
table{width:100%;table-layout:fixed;border-collapse:collapse;background:#fff;margin-bottom:1rem}
.amount{width:8rem}
.quantity{display:block;font-weight:400;font-size:.875rem}
caption{text-align:left;font-weight:700;padding:.5rem 0}
th,td{padding:.5rem;text-align:left;border-bottom:1px solid #ddd;overflow-wrap:break-word}
th:last-child,td:last-child{text-align:right;white-space:nowrap}
fieldset{border:1px solid #ccc;background:#fff;padding:1rem;margin:0 0 1rem}
legend{font-weight:700;padding:0 .25rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
select,input{width:100%;font:inherit;padding:.5rem;border:1px solid #767676;border-radius:4px;background:#fff}
button,.button{display:inline-block;width:100%;font:inherit;font-weight:700;padding:.75rem 1rem;border:0;border-radius:4px;background:#006bb3;color:#fff;text-align:center;text-decoration:none;cursor:pointer}
a{color:#005a96}
:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}
.error{background:#fde8e8;border:1px solid #b00020;padding:.5rem;color:#7a0016}
.actions{display:flex;flex-direction:column;gap:.75rem}
`;

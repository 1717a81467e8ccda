import { escapeHtml, htmlPage } from '../html-page';
import type { CheckoutResource } from './types';

// The pay pages (see html-page.ts); the stylesheet is served next to them as checkout.css.

const money = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });
const pesos = (centavos: number) => money.format(centavos / 100);

const brand = { name: 'Pago externo', label: 'simulado', note: 'simulación local' };

function layout(base: string, title: string, body: string): string {
  return htmlPage(brand, `${base}/checkout.css`, title, body);
}

/** `base` is the stand-in's path prefix ('' standalone, '/sandbox/hosted-checkout' in the API). */
export function renderPayPage(base: string, checkout: CheckoutResource): string {
  const action = `${base}/pay/${encodeURIComponent(checkout.id)}`;
  return layout(
    base,
    'Pagar',
    `<h1>Confirmá tu pago</h1>
<table>
<caption>Resumen de la compra</caption>
<thead><tr><th scope="col">Producto</th><th scope="col">Importe</th></tr></thead>
<tbody><tr><th scope="row">${escapeHtml(checkout.description)}</th><td>${pesos(checkout.amount)}</td></tr></tbody>
<tfoot><tr><th scope="row">Total</th><td>${pesos(checkout.amount)}</td></tr></tfoot>
</table>
${checkout.payer_email ? `<p>Pagás como <strong>${escapeHtml(checkout.payer_email)}</strong>.</p>` : ''}
<div class="actions">
<form method="post" action="${escapeHtml(action)}/pagar"><button type="submit">Pagar</button></form>
<form method="post" action="${escapeHtml(action)}/cancelar"><button type="submit" class="secondary">Cancelar</button></form>
</div>`,
  );
}

const STATUS_TEXTS: Record<Exclude<CheckoutResource['status'], 'open'>, { title: string; text: string }> = {
  paid: { title: 'Este pago ya está hecho', text: 'No hace falta que pagues de nuevo.' },
  cancelled: { title: 'Cancelaste este pago', text: 'No se cobró nada. Podés volver e intentarlo otra vez.' },
  expired: {
    title: 'Este pago ya no está disponible',
    text: 'El enlace venció. Volvé al sitio y pedí uno nuevo.',
  },
};

export function renderStatusPage(base: string, checkout: CheckoutResource): string {
  const status = checkout.status === 'open' ? 'expired' : checkout.status;
  const { title, text } = STATUS_TEXTS[status];
  const back = checkout.status === 'paid' ? checkout.success_url : checkout.cancel_url;
  return layout(
    base,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<p><a class="button" href="${escapeHtml(back)}">Volver al sitio</a></p>`,
  );
}

export function renderNotFoundPage(base: string): string {
  return layout(
    base,
    'Pago inexistente',
    '<h1>No encontramos este pago</h1><p role="alert">Revisá el enlace o volvé al sitio y pedí uno nuevo.</p>',
  );
}

export const CHECKOUT_CSS = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,sans-serif;font-size:1rem;line-height:1.5;color:#1a1a1a;background:#f6f4fb}
.banner{background:#4b2a8a;color:#fff;padding:.5rem 1rem}
.banner p{margin:0;font-weight:700}
.banner span{display:block;font-weight:400;font-size:.875rem}
main{max-width:36rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
table{width:100%;table-layout:fixed;border-collapse:collapse;background:#fff;margin-bottom:1rem}
caption{text-align:left;font-weight:700;padding:.5rem 0}
th,td{padding:.5rem;text-align:left;border-bottom:1px solid #ddd;overflow-wrap:break-word}
th:last-child,td:last-child{text-align:right;white-space:nowrap;width:9rem}
.actions{display:flex;flex-direction:column;gap:.75rem}
form{margin:0}
button,.button{display:inline-block;width:100%;font:inherit;font-weight:700;padding:.75rem 1rem;border:2px solid #4b2a8a;border-radius:4px;background:#4b2a8a;color:#fff;text-align:center;text-decoration:none;cursor:pointer}
button.secondary{background:#fff;color:#4b2a8a}
button:focus-visible,.button:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}
a{color:#4b2a8a}`;

import type { Database } from '../../db/client';
import { escapeHtml } from '../../lib/spanish-format';
import { listMailbox } from './list-mailbox';

/**
 * GET /dev/correo — a plain page listing captured mail. Each message's HTML is shown in a sandboxed
 * iframe (srcdoc, no scripts) so its links can be followed as a user would from their inbox.
 */
export async function renderMailboxPage(db: Database, query: { to?: unknown }): Promise<string> {
  const to = typeof query.to === 'string' && query.to.trim() ? query.to.trim() : undefined;
  const mails = await listMailbox(db, to, 50);
  const items = mails
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p><strong>Para:</strong> ${escapeHtml(m.to)} · <time datetime="${m.createdAt}">${escapeHtml(
    new Date(m.createdAt).toLocaleString('es-AR', { timeZone: 'America/Argentina/Buenos_Aires' }),
  )}</time></p>
  <iframe title="Contenido de «${escapeHtml(m.subject)}»" sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${escapeHtml(m.html || `<pre>${escapeHtml(m.text)}</pre>`)}"></iframe>
</article>`,
    )
    .join('\n');
  const page = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Correo capturado · Alcancía (desarrollo)</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1f1f1f}
article{border:1px solid #ccc;border-radius:.5rem;padding:1rem;margin:1rem 0}iframe{width:100%;height:20rem;border:1px solid #ddd}
form{display:flex;gap:.5rem;flex-wrap:wrap}input{flex:1;min-width:12rem;padding:.5rem}button{padding:.5rem 1rem}</style></head>
<body><main><h1>Correo capturado</h1>
<p>En desarrollo el correo no sale de esta máquina: lo recibe un servidor SMTP local y se muestra acá.</p>
<form method="get" action="/dev/correo"><label for="to">Destinatario</label>
<input id="to" name="to" type="email" value="${escapeHtml(to ?? '')}"><button type="submit">Filtrar</button></form>
${items || '<p>No hay correos todavía.</p>'}
</main></body></html>`;
  return page;
}

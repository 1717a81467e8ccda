// The stand-ins' pages, in Spanish. No script and no inline style, so they run under the API's
// strict CSP when it hosts them; each stand-in serves its stylesheet next to its pages.

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Which stand-in a page belongs to, as its title and banner say (no payment is real). */
export interface PageBrand {
  /** e.g. 'Mercado Pago' */
  name: string;
  /** after the name in the title, e.g. 'emulador' */
  label: string;
  /** the banner's note before ': ningún pago es real' */
  note: string;
}

/** A whole page: the brand's banner above `body` (already HTML), with the stylesheet at `stylesheet`. */
export function htmlPage(brand: PageBrand, stylesheet: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${brand.name} (${brand.label})</title>
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
</head>
<body>
<header class="banner"><p>${brand.name} <span>${brand.note}: ningún pago es real</span></p></header>
<main>
${body}
</main>
</body>
</html>`;
}

import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

/*
 * What she keeps of a payment outside the page: the receipt PDF Mi cuenta downloads, and what
 * Mercado Pago (the emulator's control API) says was charged and refunded.
 */

export interface EmulatorPayment {
  status: string;
  transaction_amount: number;
  transaction_amount_refunded: number;
  refunds: unknown[];
}

/** The emulator's own record of a payment, as Mercado Pago's panel would show it. */
export async function providerPayment(
  request: APIRequestContext,
  id: string,
): Promise<EmulatorPayment | undefined> {
  const state = await (await request.get('/sandbox/mercadopago/_control/state')).json();
  return (state.payments as Record<string, EmulatorPayment>)[id];
}

/** The text of a PDF, one line per printed line (pdf.js), spaces as plain spaces. */
export async function pdfText(data: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data, isEvalSupported: false, verbosity: VerbosityLevel.ERRORS }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    lines.push(
      content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
    );
  }
  await pdf.destroy();
  return lines.join('\n').replace(/\u00a0/g, ' ');
}

/** Clicks a button that downloads a PDF (a receipt, an invoice) and reads the file's name and text. */
export async function downloadPdf(page: Page, button: Locator): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  return {
    name: file.suggestedFilename(),
    text: await pdfText(new Uint8Array(await readFile(await file.path()))),
  };
}

/** Downloads the receipt of a payment card of Mi cuenta › Compras y pagos and reads its text. */
export async function downloadReceipt(page: Page, card: Locator): Promise<string> {
  return (await downloadPdf(page, card.getByRole('button', { name: /^Descargar comprobante/ }))).text;
}

/** Text with no-break spaces as plain spaces (amounts are written "$ 89.000" with a no-break space). */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, TextLayer } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export type PdfDocumentProxy = PDFDocumentProxy;

// The worker is a file of our own origin (the CSP allows scripts from 'self' only).
GlobalWorkerOptions.workerSrc = workerUrl;

/** Opens a PDF without eval (CSP) and without fetching pdf.js' font files from elsewhere. */
export function loadPdf(url: string) {
  return getDocument({ url, isEvalSupported: false, useSystemFonts: true });
}

/**
 * Draws one page fitted to `width` CSS pixels: the canvas at the screen's pixel density, and
 * the text layer at the same scale (pdf.js positions it with --total-scale-factor).
 */
export function renderPdfPage(
  doc: PDFDocumentProxy,
  pageNumber: number,
  width: number,
  elements: { page: HTMLElement; canvas: HTMLCanvasElement; text: HTMLElement },
): { done: Promise<void>; cancel(): void } {
  let cancelled = false;
  let cancelTask: (() => void) | null = null;
  const done = (async () => {
    const page = await doc.getPage(pageNumber);
    if (cancelled) return;
    const scale = width / page.getViewport({ scale: 1 }).width;
    const viewport = page.getViewport({ scale });
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const { canvas, text } = elements;
    canvas.width = Math.floor(viewport.width * ratio);
    canvas.height = Math.floor(viewport.height * ratio);
    canvas.style.width = `${Math.floor(viewport.width)}px`;
    canvas.style.height = `${Math.floor(viewport.height)}px`;
    elements.page.style.setProperty('--scale-factor', String(scale));
    elements.page.style.setProperty('--total-scale-factor', String(scale));
    elements.page.style.width = `${Math.floor(viewport.width)}px`;
    elements.page.style.height = `${Math.floor(viewport.height)}px`;
    const task = page.render({
      canvas,
      viewport,
      transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
    });
    cancelTask = () => task.cancel();
    await task.promise;
    if (cancelled) return;
    text.replaceChildren();
    const layer = new TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport });
    cancelTask = () => layer.cancel();
    await layer.render();
  })();
  return {
    done,
    cancel() {
      cancelled = true;
      cancelTask?.();
    },
  };
}

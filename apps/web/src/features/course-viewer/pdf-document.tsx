import { useEffect, useRef, useState } from 'react';
import { Alert, Spinner } from '../../ui/feedback';
import { loadPdf, type PdfDocumentProxy, renderPdfPage } from './render-pdf';

/**
 * A PDF drawn in the page with pdf.js: one canvas per page, fitted to the width of the column
 * (so it reads at 320 px), with pdf.js' text layer over it so the text can be selected, searched
 * and read by screen readers. Browsers' own PDF viewers are not used: mobile browsers do not show
 * a PDF inside a page. Loaded only when a PDF material is opened.
 */
export default function PdfDocument({ url, title }: { url: string; title: string }) {
  const [doc, setDoc] = useState<PdfDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    setDoc(null);
    const loading = loadPdf(url);
    loading.promise.then(
      (loaded) => {
        if (!cancelled) setDoc(loaded);
      },
      (error: unknown) => {
        if (cancelled) return;
        console.warn('No se pudo abrir el PDF', error);
        setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      void loading.destroy();
    };
  }, [url]);

  // The pages follow the width of their column; redrawn only when it really changes.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => {
      // The content box (without the padding): the pages never push their column wider.
      const style = getComputedStyle(element);
      const inner =
        element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      setWidth(Math.max(0, Math.floor(inner / 8) * 8));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <section className="cv-pdf" aria-label={`Documento: ${title}`}>
      <div ref={frame} className="cv-pdf-pages">
        {failed && (
          <Alert tone="error" title="No pudimos mostrar el PDF">
            <p>Podés descargarlo con el botón de arriba y abrirlo en tu dispositivo.</p>
          </Alert>
        )}
        {!failed && !doc && <Spinner label="Cargando el PDF…" />}
        {doc &&
          width > 0 &&
          Array.from({ length: doc.numPages }, (_, index) => (
            <PdfPage
              // biome-ignore lint/suspicious/noArrayIndexKey: pages are identified by their number
              key={index}
              doc={doc}
              pageNumber={index + 1}
              pageCount={doc.numPages}
              width={width}
            />
          ))}
      </div>
    </section>
  );
}

function PdfPage({
  doc,
  pageNumber,
  pageCount,
  width,
}: {
  doc: PdfDocumentProxy;
  pageNumber: number;
  pageCount: number;
  width: number;
}) {
  const page = useRef<HTMLElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const [rendered, setRendered] = useState(false);

  useEffect(() => {
    if (!page.current || !canvas.current || !text.current) return;
    const drawing = renderPdfPage(doc, pageNumber, width, {
      page: page.current,
      canvas: canvas.current,
      text: text.current,
    });
    drawing.done.then(
      () => setRendered(true),
      (error: unknown) => {
        if ((error as { name?: string } | null)?.name !== 'RenderingCancelledException') {
          console.warn('No se pudo dibujar la página', error);
        }
      },
    );
    return () => drawing.cancel();
  }, [doc, pageNumber, width]);

  return (
    <figure
      ref={page}
      className="cv-pdf-page"
      data-rendered={rendered || undefined}
      aria-label={`Página ${pageNumber} de ${pageCount}`}
    >
      <canvas ref={canvas} />
      <div ref={text} className="textLayer" />
    </figure>
  );
}

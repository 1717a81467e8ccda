import { useEffect, useRef, useState } from 'react';
import { Banner } from '../../ui/banner';
import { Spinner } from '../../ui/feedback';
import { loadPdf, type PdfDocumentProxy, renderPdfPage } from './render-pdf';

/**
 * A PDF drawn in the page with pdf.js: one canvas per page, fitted to the width of the column
 * (so it reads at 320 px), with pdf.js' text layer over it so the text can be selected, searched
 * and read by screen readers. Browsers' own PDF viewers are not used: mobile browsers do not show
 * a PDF inside a page. Loaded only when a PDF material is opened.
 */
export default function PdfDocument({ url, title }: { url: string; title: string }) {
  // The document and the shape of its first page (height / width): every page's box is sized
  // before it is drawn, so the pages do not move one another while they draw (CLS).
  const [doc, setDoc] = useState<{ pdf: PdfDocumentProxy; ratio: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    setDoc(null);
    const loading = loadPdf(url);
    loading.promise.then(firstPageRatio).then(
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
    // A frame of fixed height (its pages scroll inside, by keyboard too): the page below it does
    // not move while the document loads and draws (CLS).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="cv-pdf" aria-label={`Documento: ${title}`} tabIndex={0}>
      <div ref={frame} className="cv-pdf-pages">
        {failed && (
          <Banner tone="danger" title="No pudimos mostrar el PDF">
            <p>Podés descargarlo con el botón de arriba y abrirlo en tu dispositivo.</p>
          </Banner>
        )}
        {!failed && !doc && <Spinner label="Cargando el PDF…" />}
        {doc &&
          width > 0 &&
          Array.from({ length: doc.pdf.numPages }, (_, index) => (
            <PdfPage
              // biome-ignore lint/suspicious/noArrayIndexKey: pages are identified by their number
              key={index}
              doc={doc.pdf}
              pageNumber={index + 1}
              pageCount={doc.pdf.numPages}
              width={width}
              ratio={doc.ratio}
            />
          ))}
      </div>
    </section>
  );
}

async function firstPageRatio(pdf: PdfDocumentProxy) {
  const { width, height } = (await pdf.getPage(1)).getViewport({ scale: 1 });
  return { pdf, ratio: width > 0 ? height / width : Math.SQRT2 };
}

function PdfPage({
  doc,
  pageNumber,
  pageCount,
  width,
  ratio,
}: {
  doc: PdfDocumentProxy;
  pageNumber: number;
  pageCount: number;
  width: number;
  /** the expected height / width, until the page is drawn at its own */
  ratio: number;
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
      style={{ width, height: Math.floor(width * ratio) }}
      aria-label={`Página ${pageNumber} de ${pageCount}`}
    >
      <canvas ref={canvas} />
      <div ref={text} className="textLayer" />
    </figure>
  );
}

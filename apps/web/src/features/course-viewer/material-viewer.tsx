import type { Course, CourseModule, Section } from '@alcancia/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { track } from '../../lib/analytics';
import { ApiError } from '../../lib/api-client';
import { Banner } from '../../ui/banner';
import { Button, ButtonLink, buttonClass } from '../../ui/button';
import { Spinner } from '../../ui/feedback';
import { type FileUrl, getFileUrl, isExpiring } from './get-file-url';
import { isComplete, type SectionProgress } from './progress-rules';
import { useSaveProgress } from './save-progress';

// pdf.js (and its worker) load only when a PDF is opened.
const PdfDocument = lazy(() => import('./pdf-document'));

const isPdf = (section: Section) =>
  section.mime_type === 'application/pdf' || section.file_extension?.toLowerCase() === 'pdf';

/**
 * A downloadable material: opening it counts it as fully viewed (spec §4, the API records 1 for
 * any write). A PDF is shown in the page with a download button; a spreadsheet is downloaded.
 * The file address is short-lived (5 minutes), so a click on an old one asks for a fresh one.
 */
export function MaterialViewer({
  course,
  module,
  section,
  saved,
}: {
  course: Course;
  module: CourseModule;
  section: Section;
  saved: SectionProgress | null;
}) {
  const key = section.section_url ?? '';
  const save = useSaveProgress(course);
  const file = useQuery({
    queryKey: ['course-viewer', 'file-url', key],
    queryFn: ({ signal }) => getFileUrl(key, signal),
    enabled: key !== '',
    staleTime: 4 * 60 * 1000,
    gcTime: 5 * 60 * 1000,
  });

  // Opened: counts as viewed. Once per opening.
  const counted = useRef(false);
  useEffect(() => {
    if (counted.current) return;
    counted.current = true;
    track('academy_course_section_start', {
      courseId: course.id,
      moduleId: module.id,
      sectionId: section.id,
      sectionName: section.name,
      type: section.type,
    });
    void save({ moduleId: module.id, sectionId: section.id, seconds: 0 });
  }, [save, course.id, module.id, section.id, section.name, section.type]);

  const pdf = isPdf(section);
  const complete = isComplete(saved);
  const label = downloadLabel(pdf);
  return (
    <div className="cv-material">
      <div className="cv-material-bar">
        <MaterialKind pdf={pdf} complete={complete} />
        {file.data ? (
          <DownloadButton fileKey={key} file={file.data} name={section.name} pdf={pdf} />
        ) : (
          <DownloadPlaceholder label={label} />
        )}
      </div>
      {file.isError && (
        <div className="cv-problem">
          <Banner tone="danger" title="No pudimos abrir el material">
            <p>{file.error instanceof ApiError ? file.error.message : 'Intentá nuevamente.'}</p>
          </Banner>
          <Button variant="secondary" onClick={() => void file.refetch()}>
            Reintentar
          </Button>
        </div>
      )}
      {pdf && !file.isError && (
        <PdfSlot url={file.data?.url ?? null} title={section.name} pending={key !== ''} />
      )}
      {!pdf && <SheetHint />}
    </div>
  );
}

/**
 * What stands in for a material while the course loads: the same bar and frame as the viewer, so
 * the module list below does not move when the material arrives (CLS).
 */
export function MaterialPlaceholder({ section, label }: { section: Section; label: string }) {
  const pdf = isPdf(section);
  return (
    <div className="cv-material">
      <div className="cv-material-bar">
        <MaterialKind pdf={pdf} complete={false} />
        <DownloadPlaceholder label={downloadLabel(pdf)} />
      </div>
      {pdf ? <PdfFrameLoading label={label} /> : <SheetHint />}
    </div>
  );
}

const downloadLabel = (pdf: boolean) => (pdf ? 'Descargar PDF' : 'Descargar planilla');

function MaterialKind({ pdf, complete }: { pdf: boolean; complete: boolean }) {
  return (
    <p className="cv-material-kind">
      {pdf ? 'Material en PDF' : 'Planilla de cálculo (XLSX)'}
      {complete && (
        <>
          <span className="cv-material-sep"> · </span>
          <span className="cv-material-done">
            <span aria-hidden="true">✓</span> Material visto
          </span>
        </>
      )}
    </p>
  );
}

/** Holds the download button's place (invisible) until the file's address is there. */
function DownloadPlaceholder({ label }: { label: string }) {
  return (
    <span className={`${buttonClass()} cv-download-pending`} aria-hidden="true">
      {label}
    </span>
  );
}

function SheetHint() {
  return (
    <p className="cv-material-hint">
      Descargá la planilla y abrila con Excel, Google Sheets o LibreOffice para completarla con tus números.
    </p>
  );
}

/** The PDF's frame (fixed height, the pages scroll inside): the same box while anything loads. */
function PdfSlot({ url, title, pending }: { url: string | null; title: string; pending: boolean }) {
  if (!url) return pending ? <PdfFrameLoading label="Preparando el material…" /> : null;
  return (
    <Suspense fallback={<PdfFrameLoading label="Cargando el PDF…" />}>
      <PdfDocument url={url} title={title} />
    </Suspense>
  );
}

function PdfFrameLoading({ label }: { label: string }) {
  return (
    <div className="cv-pdf">
      <div className="cv-pdf-pages cv-pdf-pages-loading">
        <Spinner label={label} />
      </div>
    </div>
  );
}

function DownloadButton({
  fileKey,
  file,
  name,
  pdf,
}: {
  fileKey: string;
  file: FileUrl;
  name: string;
  pdf: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = downloadLabel(pdf);
  return (
    <div className="cv-download">
      <ButtonLink
        href={file.downloadUrl}
        download
        aria-busy={busy || undefined}
        aria-label={`${label}: ${name}`}
        onClick={async (event) => {
          if (!isExpiring(file)) return;
          // The address expired (or is about to): ask for a new one, then download.
          event.preventDefault();
          setBusy(true);
          setError(null);
          try {
            const fresh = await getFileUrl(fileKey);
            window.location.assign(fresh.downloadUrl);
          } catch (problem) {
            setError(problem instanceof Error ? problem.message : 'No pudimos descargar el archivo.');
          } finally {
            setBusy(false);
          }
        }}
      >
        {label}
      </ButtonLink>
      {error && (
        <Banner tone="danger">
          <p>{error}</p>
        </Banner>
      )}
    </div>
  );
}

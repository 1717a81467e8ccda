import type { Course, Cover } from '@alcancia/contract';
import { useQuickCourses } from '../academy/catalog-api';

/** The cover the course itself carries, if its schema has one (decision 71). */
function ownCover(course: Course): Cover | null {
  const cover = (course as Course & { cover?: Cover | null }).cover;
  return cover && typeof cover.src === 'string' ? cover : null;
}

/**
 * The course page's picture: the illustrated cover (the course's, else its catalogue card's: the
 * same list the academy home loaded), with its intrinsic size and its sizes for the browser to
 * choose; else the catalogue thumbnail. The 16:9 frame is there from the first paint, so nothing
 * moves when the picture arrives (CLS).
 */
export function CourseCover({ course }: { course: Course }) {
  const catalogue = useQuickCourses({});
  const cover =
    ownCover(course) ?? catalogue.data?.items.find((item) => item.id === course.id)?.cover ?? null;
  const waiting = !cover && catalogue.isPending;
  let image: React.ReactNode = null;
  if (cover) {
    const srcSet = cover.srcset.length
      ? cover.srcset.map((s) => `${s.src} ${s.width}w`).join(', ')
      : undefined;
    image = (
      <img
        src={cover.src}
        srcSet={srcSet}
        sizes={srcSet ? '(min-width: 1024px) 60vw, 100vw' : undefined}
        alt=""
        width={cover.width}
        height={cover.height}
        fetchPriority="high"
        decoding="async"
      />
    );
  } else if (course.thumbnail && !waiting) {
    image = (
      <img src={course.thumbnail} alt="" width={640} height={360} fetchPriority="high" decoding="async" />
    );
  }
  if (!image && !waiting) return null;
  return <div className="cv-overview-cover">{image}</div>;
}

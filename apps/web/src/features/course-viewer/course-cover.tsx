import type { Course } from '@alcancia/contract';

/**
 * The course page's picture: the course's illustrated cover (decision 71) with its intrinsic size
 * and its widths for the browser to choose, else its thumbnail. Width and height are set, so
 * nothing moves when the picture arrives.
 */
export function CourseCover({ course }: { course: Course }) {
  const { cover } = course;
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
  } else if (course.thumbnail) {
    image = (
      <img src={course.thumbnail} alt="" width={640} height={360} fetchPriority="high" decoding="async" />
    );
  }
  if (!image) return null;
  return <div className="cv-overview-cover">{image}</div>;
}

import type { PublicCourse } from '@alcancia/contract';

/** What a shared link shows before any JavaScript runs: the page's title, text, picture and data. */
export interface PageMeta {
  title: string;
  description: string;
  /** absolute address of the page */
  url: string;
  /** absolute address of the picture, or null */
  image: string | null;
  /** og:type */
  type: 'website' | 'article';
  /** schema.org objects, each written in its own ld+json block */
  jsonLd: object[];
  /** unknown pages are not indexed */
  noindex?: boolean;
  /** the picture the page shows first, asked for with the HTML (issue 30, a fast first view) */
  preloadImage?: { href: string; srcset?: string; sizes?: string };
  /** the page's first API answer, embedded as a data block the app reads instead of asking (issue 30) */
  embedded?: { id: string; value: unknown };
  /** tags the server made (the page's code to load beside the entry), written as they are */
  headTags?: string[];
}

export const siteName = 'Alcancía';
export const siteDescription =
  'Alcancía es la academia de educación financiera para mujeres: cursos en video para ordenar tus gastos, salir de deudas, empezar a invertir y emprender. Empezá gratis.';

const absolute = (address: string, publicUrl: string) => new URL(address, `${publicUrl}/`).href;

/** At most `max` characters, cut at a word, so previews are not truncated mid-word by the apps. */
export function shorten(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

export function organization(publicUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: siteName,
    url: `${publicUrl}/`,
    logo: absolute('/favicon.svg', publicUrl),
    description: siteDescription,
  };
}

export function homeMeta(publicUrl: string, image: string | null): PageMeta {
  return {
    title: `${siteName} · Educación financiera para mujeres`,
    description: siteDescription,
    url: `${publicUrl}/`,
    image: image ? absolute(image, publicUrl) : null,
    type: 'website',
    jsonLd: [organization(publicUrl)],
  };
}

export function catalogueMeta(
  publicUrl: string,
  items: { id: string; name: string; path: string }[],
  image: string | null,
): PageMeta {
  return {
    title: `Cursos de finanzas personales · ${siteName}`,
    description:
      'Todos los cursos de Alcancía: presupuesto, ahorro, deudas, inversión y emprendimiento. Varios son gratis; el resto, con tu suscripción.',
    url: `${publicUrl}/cursos`,
    image: image ? absolute(image, publicUrl) : null,
    type: 'website',
    jsonLd: [
      organization(publicUrl),
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        itemListElement: items.map((item, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: absolute(item.path, publicUrl),
          name: item.name,
        })),
      },
    ],
  };
}

/** The page path of a published item: courses and past events under /cursos, the rest /programas. */
export function publicPathOf(item: { id: string; type: PublicCourse['type'] }): string {
  const id = encodeURIComponent(item.id);
  return item.type === 'PROGRAM' || item.type === 'PACK' ? `/programas/${id}` : `/cursos/${id}`;
}

export function courseMeta(publicUrl: string, course: PublicCourse): PageMeta {
  const url = absolute(publicPathOf(course), publicUrl);
  const picture = course.cover?.src ?? course.thumbnail;
  const image = picture ? absolute(picture, publicUrl) : null;
  const description = shorten(course.description || course.long_description || siteDescription);
  const offer = course.offer;
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.name,
    description,
    url,
    inLanguage: 'es-AR',
    isAccessibleForFree: course.isFree,
    provider: { '@type': 'Organization', name: siteName, url: `${publicUrl}/` },
    ...(image ? { image } : {}),
    ...(course.teacher ? { instructor: { '@type': 'Person', name: course.teacher.name } } : {}),
    ...(course.outcomes.length > 0 ? { teaches: course.outcomes } : {}),
    ...(course.isFree
      ? { offers: { '@type': 'Offer', category: 'Free', price: '0', priceCurrency: 'ARS' } }
      : offer
        ? {
            offers: {
              '@type': 'Offer',
              category: 'Paid',
              price: (offer.price / 100).toFixed(2),
              priceCurrency: 'ARS',
              url,
            },
          }
        : { offers: { '@type': 'Offer', category: 'Subscription', priceCurrency: 'ARS', url } }),
  };
  return {
    title: `${course.name} · ${siteName}`,
    description,
    url,
    image,
    type: 'article',
    jsonLd: [jsonLd, organization(publicUrl)],
  };
}

export function notFoundMeta(publicUrl: string, path: string): PageMeta {
  return {
    title: `No encontramos esta página · ${siteName}`,
    description: siteDescription,
    url: absolute(path, publicUrl),
    image: null,
    type: 'website',
    jsonLd: [],
    noindex: true,
  };
}

/** A date (YYYY-MM-DD) as es-AR writes it in a preview: "12 de marzo de 2026". */
function longDate(day: string): string {
  return new Intl.DateTimeFormat('es-AR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/**
 * A certificate's check page (issue 44): the link she shares (LinkedIn, WhatsApp) previews who
 * earned it, for which course and when, with the course's picture. Not indexed: a search engine
 * has no business listing people's certificates; a preview is her choice.
 */
export function certificateMeta(
  publicUrl: string,
  certificate: { id: string; learnerName: string; courseName: string; completedOn: string },
  image: string | null,
): PageMeta {
  return {
    title: `Certificado de ${certificate.learnerName}: ${certificate.courseName} · ${siteName}`,
    description: shorten(
      `${certificate.learnerName} completó el curso «${certificate.courseName}» en ${siteName} el ${longDate(certificate.completedOn)}. Código de verificación: ${certificate.id}.`,
    ),
    url: absolute(`/certificados/${encodeURIComponent(certificate.id)}`, publicUrl),
    image: absolute(image ?? '/favicon.svg', publicUrl),
    type: 'article',
    jsonLd: [organization(publicUrl)],
    noindex: true,
  };
}

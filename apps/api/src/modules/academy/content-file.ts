// Spanish validation messages: the operator running the import reads them.
import { redirectProviderCode } from '@alcancia/contract';
import { z } from 'zod';

/**
 * The catalogue content file (apps/api/content/README.md describes it for operators). It mirrors
 * the catalogue tables in camelCase; money is in pesos, sale-window dates may be relative to the
 * import day so a demo catalogue stays true as time passes.
 */
export const contentFormatVersion = 1;

export const downloadableFileTypes = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export const eventSeries = [
  'FINANCIAL_NEWS',
  'INVESTMENT_TRENDS',
  'MASTERCLASSES',
  'INTERVIEWS_AND_CONSULTATIONS',
] as const;

/** WCAG AA for normal text: the chips show small labels on their background color. */
export const minimumContrast = 4.5;

export interface ContentProblem {
  /** where in the file, e.g. courses[3].modules[0].sections[2].type */
  path: string;
  message: string;
}

export class ContentFileError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    const listed = problems.slice(0, 20).map((p) => `- ${p.path}: ${p.message}`);
    if (problems.length > 20) listed.push(`- … y ${problems.length - 20} problemas más`);
    super(`El archivo de contenido no es válido:\n${listed.join('\n')}`);
    this.name = 'ContentFileError';
  }
}

export function formatPath(path: readonly PropertyKey[]): string {
  const text = path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`))
    .join('');
  return text || '(documento)';
}

/** Relative luminance of an sRGB #rrggbb color, as WCAG 2 defines it. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Usá minúsculas sin tildes, números y guiones');
const code = z.string().regex(/^[A-Za-z0-9_]+$/, 'Usá letras sin tildes, números y guiones bajos');
const text = z.string().trim().min(1);
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Usá un color #rrggbb');

/** Pesos with at most two decimals, stored as integer centavos (the column is a 32-bit integer). */
const pesos = z
  .number()
  .nonnegative()
  .max(21_000_000)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Máximo dos decimales')
  .transform((value) => Math.round(value * 100));

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const relativeDatePattern = /^today(?:([+-])(\d{1,4}))?$/;

function isRealIsoDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** "YYYY-MM-DD", or "today", "today+30", "today-10" counted from the import day in Argentina. */
const saleDate = z
  .string()
  .refine(
    (value) => (isoDatePattern.test(value) && isRealIsoDate(value)) || relativeDatePattern.test(value),
    'Usá una fecha AAAA-MM-DD o relativa al día de la importación: "today", "today+30", "today-10"',
  );

/** Resolves a validated sale date against the import day (an Argentina date, YYYY-MM-DD). */
export function resolveSaleDate(value: string, today: string): string {
  const relative = relativeDatePattern.exec(value);
  if (!relative) return value;
  const days = Number(relative[2] ?? 0) * (relative[1] === '-' ? -1 : 1);
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** An image address: a path on this site ("/covers/…") or an https URL. */
const imageAddress = z
  .string()
  .regex(/^(\/[^/\s]|https:\/\/)\S*$/, 'Usá una ruta que empiece con / o una dirección https://');

/**
 * An illustrated cover (decision 71): the largest file and its intrinsic size, which the cards
 * write as the img's width and height (no layout shift), plus every width of the same picture for
 * srcset. Without `srcset` the one file serves every size (an SVG).
 */
const coverSchema = z
  .strictObject({
    src: imageAddress,
    width: z.int().positive().max(4096),
    height: z.int().positive().max(4096),
    srcset: z.array(z.strictObject({ src: imageAddress, width: z.int().positive().max(4096) })).default([]),
  })
  .superRefine((cover, ctx) => {
    const widths = cover.srcset.map((s) => s.width);
    if (widths.some((w, i) => i > 0 && w <= (widths[i - 1] ?? 0))) {
      ctx.addIssue({
        code: 'custom',
        path: ['srcset'],
        message: 'Ordená los tamaños de menor a mayor ancho',
      });
    }
    const largest = cover.srcset.at(-1);
    if (largest && (largest.src !== cover.src || largest.width !== cover.width)) {
      ctx.addIssue({ code: 'custom', path: ['srcset'], message: 'El último tamaño es src con su ancho' });
    }
  });

const displayStyle = z
  .strictObject({
    code,
    label: text,
    color,
    backgroundColor: color,
    sortOrder: z.int().optional(),
  })
  .superRefine((value, ctx) => {
    const ratio = contrastRatio(value.color, value.backgroundColor);
    if (ratio < minimumContrast) {
      ctx.addIssue({
        code: 'custom',
        path: ['color'],
        message: `Contraste ${ratio.toFixed(2)}:1 con backgroundColor; se necesita al menos ${minimumContrast}:1`,
      });
    }
  });

const sectionSchema = z
  .strictObject({
    id: slug,
    name: text,
    order: z.int().positive().optional(),
    type: z.enum(['CLASS', 'DOWNLOADABLE_MATERIAL', 'EMPTY']),
    /** seconds */
    duration: z.int().nonnegative().default(0),
    sectionUrl: z.string().min(1).nullish(),
    mimeType: z.string().min(1).nullish(),
    fileExtension: z.string().min(1).nullish(),
  })
  .superRefine((section, ctx) => {
    const problem = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (section.type !== 'EMPTY' && !section.sectionUrl) problem('sectionUrl', 'Falta la dirección');
    if (section.type !== 'CLASS' && section.duration !== 0) problem('duration', 'Solo una clase dura');
    if (section.type === 'CLASS' && section.duration === 0) problem('duration', 'Una clase dura más de 0 s');
    if (section.type === 'EMPTY' && section.sectionUrl) problem('sectionUrl', 'Una sección vacía no tiene');
    if (section.type !== 'DOWNLOADABLE_MATERIAL') return;
    const extension = section.fileExtension as keyof typeof downloadableFileTypes;
    if (!Object.hasOwn(downloadableFileTypes, extension ?? '')) {
      problem('fileExtension', 'Los materiales son pdf o xlsx');
    } else if (section.mimeType !== downloadableFileTypes[extension]) {
      problem('mimeType', `Para ${extension} es ${downloadableFileTypes[extension]}`);
    } else if (!section.sectionUrl?.endsWith(`.${extension}`)) {
      problem('sectionUrl', `El archivo debe terminar en .${extension}`);
    }
  });

const moduleSchema = z.strictObject({
  id: slug,
  name: text,
  order: z.int().positive().optional(),
  sections: z.array(sectionSchema).default([]),
});

const courseSchema = z
  .strictObject({
    id: slug,
    kind: z.enum(['COURSE', 'PROGRAM', 'PACK', 'EVENT']),
    name: text,
    description: z.string().default(''),
    /** paragraphs separated by newlines */
    longDescription: z.string().default(''),
    descriptionAlternative: z.string().nullish(),
    thumbnail: z.string().min(1).nullish(),
    thumbnailAlternative: z.string().min(1).nullish(),
    /** courses, programs, packs and events: the illustration the cards show */
    cover: coverSchema.nullish(),
    /** who teaches it (the course page's "Quién enseña"); omitted: the academy's team */
    teacher: z.strictObject({ name: text, bio: z.string().max(600).default('') }).nullish(),
    /** what she will learn, one short sentence each (the course page's "Lo que vas a aprender") */
    outcomes: z.array(text).max(12).default([]),
    category: code.nullish(),
    level: code.nullish(),
    /** the first one is shown as the badge */
    tags: z.array(code).default([]),
    isFree: z.boolean().default(false),
    audience: z.enum(['ALL', 'ONLY_SUBSCRIBERS', 'ONLY_UNSUBSCRIBERS']).default('ALL'),
    price: pesos.nullish(),
    regularPrice: pesos.nullish(),
    maxInstallments: z.int().min(1).max(12).default(1),
    saleableStartDate: saleDate.nullish(),
    saleableEndDate: saleDate.nullish(),
    declinedPaymentFormUrl: z.url().nullish(),
    /** programs and packs: MP (the card form) or HOSTED (the redirect provider's checkout) */
    checkoutProvider: z.enum(['MP', redirectProviderCode]).default('MP'),
    eventSeries: z.enum(eventSeries).nullish(),
    sortOrder: z.int().optional(),
    published: z.boolean().default(true),
    modules: z.array(moduleSchema).default([]),
    faqs: z.array(z.strictObject({ question: text, answer: text })).default([]),
    /** PACK only: ids of the programs or courses it groups, in order */
    items: z.array(slug).default([]),
  })
  .superRefine((course, ctx) => {
    const problem = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const sold = course.kind === 'PROGRAM' || course.kind === 'PACK';
    if (sold && course.price == null) problem('price', 'Un programa o pack necesita precio');
    if (!sold) {
      for (const key of ['price', 'regularPrice', 'saleableStartDate', 'saleableEndDate'] as const) {
        if (course[key] != null) problem(key, 'Solo los programas y packs se venden');
      }
      if (course.checkoutProvider !== 'MP')
        problem('checkoutProvider', 'Solo los programas y packs se venden');
    }
    if (course.price != null && course.regularPrice != null && course.regularPrice < course.price) {
      problem('regularPrice', 'El precio regular no puede ser menor que el precio');
    }
    if (course.kind === 'PACK' && course.items.length === 0) problem('items', 'Un pack agrupa contenidos');
    if (course.kind !== 'PACK' && course.items.length > 0) problem('items', 'Solo un pack tiene items');
    if (course.kind === 'EVENT' && !course.eventSeries) problem('eventSeries', 'Falta la serie del evento');
    if (course.kind !== 'EVENT' && course.eventSeries) problem('eventSeries', 'Solo un evento tiene serie');
    if (new Set(course.tags).size !== course.tags.length) problem('tags', 'Hay etiquetas repetidas');
    if (new Set(course.items).size !== course.items.length) problem('items', 'Hay items repetidos');
    if (course.items.includes(course.id)) problem('items', 'Un pack no se contiene a sí mismo');
  });

export const contentFileSchema = z
  .strictObject({
    formatVersion: z.literal(contentFormatVersion),
    categories: z.array(displayStyle).default([]),
    levels: z.array(displayStyle).default([]),
    tags: z.array(z.strictObject({ code, label: text, badge: z.string().min(1).nullish() })).default([]),
    suggestedFilters: z
      .array(
        z.strictObject({
          value: code,
          label: text,
          /** ONLY_SUBSCRIBERS, ONLY_UNSUBSCRIBERS or plan names */
          subscriptionRequired: z.array(text).default([]),
          sortOrder: z.int().optional(),
        }),
      )
      .default([]),
    plans: z
      .array(
        z.strictObject({
          id: slug,
          name: text,
          weight: z.int(),
          displayMetadata: z.strictObject({
            title: text,
            benefits: z.array(text),
            recommended: z.boolean(),
            order: z.int(),
          }),
          privateServices: z.array(code).default([]),
          active: z.boolean().default(true),
        }),
      )
      .default([]),
    courses: z.array(courseSchema).default([]),
  })
  .superRefine((file, ctx) => {
    // Ids are primary keys across the whole catalogue: a repeat would silently merge two rows.
    const seen = new Map<string, string>();
    const unique = (kind: string, id: string, path: PropertyKey[]) => {
      const key = `${kind}:${id}`;
      const first = seen.get(key);
      if (first) ctx.addIssue({ code: 'custom', path, message: `"${id}" ya está en ${first}` });
      else seen.set(key, formatPath(path));
    };
    const keyed = [
      ['category', 'categories', file.categories.map((c) => c.code), 'code'],
      ['level', 'levels', file.levels.map((l) => l.code), 'code'],
      ['tag', 'tags', file.tags.map((t) => t.code), 'code'],
      ['filter', 'suggestedFilters', file.suggestedFilters.map((f) => f.value), 'value'],
      ['plan', 'plans', file.plans.map((p) => p.id), 'id'],
      ['planName', 'plans', file.plans.map((p) => p.name), 'name'],
    ] as const;
    for (const [kind, list, keys, field] of keyed) {
      keys.forEach((key, i) => {
        unique(kind, key, [list, i, field]);
      });
    }
    file.courses.forEach((course, c) => {
      unique('course', course.id, ['courses', c, 'id']);
      course.modules.forEach((module, m) => {
        unique('module', module.id, ['courses', c, 'modules', m, 'id']);
        module.sections.forEach((section, s) => {
          unique('section', section.id, ['courses', c, 'modules', m, 'sections', s, 'id']);
        });
      });
    });
  });

export type ContentFile = z.output<typeof contentFileSchema>;
export type ContentCourse = ContentFile['courses'][number];

/** Validates a parsed JSON document; every problem names its place in the file. */
export function parseContentFile(document: unknown): ContentFile {
  const result = contentFileSchema.safeParse(document);
  if (result.success) return result.data;
  throw new ContentFileError(
    result.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message })),
  );
}

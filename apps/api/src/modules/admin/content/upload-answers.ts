import type { ErrorResponse } from '@alcancia/contract';
import type { FastifyBaseLogger } from 'fastify';

/**
 * @tus/server answers its protocol errors in English plain text ("Tus-Resumable Required", "The
 * file for this url no longer exists", …), and a failure of the store with the store's own message.
 * Every 4xx and 5xx of this API is `{ internalCode, message }` in Spanish with no internals
 * (found by `npm run fuzz`), so the uploads' answers are put in that form here: the status and
 * the tus headers stay (tus clients read those, not the body).
 */
const tusErrorsByStatus: Record<number, ErrorResponse> = {
  400: {
    internalCode: 'INVALID_DATA',
    message: 'La subida no es válida: faltan datos o no tienen el formato de una subida reanudable.',
  },
  403: {
    internalCode: 'INVALID_DATA',
    message: 'La subida no es válida: faltan datos o no tienen el formato de una subida reanudable.',
  },
  404: { internalCode: 'NOT_FOUND', message: 'No encontramos esa subida. Empezala de nuevo.' },
  409: {
    internalCode: 'UPLOAD_OFFSET_CONFLICT',
    message: 'La subida no sigue desde donde quedó. Intentá nuevamente para retomarla.',
  },
  410: {
    internalCode: 'UPLOAD_EXPIRED',
    message: 'Esa subida venció: pasaron más de 2 días sin terminarla. Empezala de nuevo.',
  },
  412: {
    internalCode: 'INVALID_DATA',
    message:
      'Esta dirección recibe subidas reanudables (protocolo tus 1.0.0): falta el encabezado Tus-Resumable.',
  },
  413: { internalCode: 'FILE_TOO_LARGE', message: 'El archivo supera el tamaño permitido.' },
  423: {
    internalCode: 'UPLOAD_LOCKED',
    message: 'Esa subida está recibiendo datos por otra conexión. Esperá un momento e intentá nuevamente.',
  },
  501: {
    internalCode: 'NOT_SUPPORTED',
    message: 'Esa forma de subir archivos no está disponible. Subí el archivo entero.',
  },
};
const clientError: ErrorResponse = { internalCode: 'BAD_REQUEST', message: 'La solicitud no es válida.' };
const serverError: ErrorResponse = {
  internalCode: 'UNEXPECTED_ERROR',
  message: 'No pudimos guardar el archivo. Intentá nuevamente.',
};

/** An answer this module refuses an upload with: the same form as every other error. */
export const refuse = (status_code: number, internalCode: string, message: string) => ({
  status_code,
  body: JSON.stringify({ internalCode, message } satisfies ErrorResponse),
});

function ourForm(text: string): ErrorResponse | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<ErrorResponse>;
    if (typeof parsed.internalCode === 'string' && typeof parsed.message === 'string')
      return { internalCode: parsed.internalCode, message: parsed.message };
  } catch {}
  return undefined;
}

/** The answer of @tus/server, with any error in the API's form (what it said is logged instead). */
export async function inOurErrorForm(answer: Response, log: FastifyBaseLogger): Promise<Response> {
  if (answer.status < 400) return answer;
  const text = await answer.text();
  const known = ourForm(text);
  const body =
    known ?? tusErrorsByStatus[answer.status] ?? (answer.status >= 500 ? serverError : clientError);
  if (!known) {
    const said = { status: answer.status, tus: text.trim().slice(0, 300) };
    if (answer.status >= 500) log.error(said, 'upload failed');
    else log.info(said, 'upload refused');
  }
  const headers = new Headers(answer.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { status: answer.status, headers });
}

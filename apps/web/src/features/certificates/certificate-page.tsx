import type { Certificate } from '@alcancia/contract';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, apiRequest } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/feedback';
import { linkedInAddUrl } from './linkedin';

type Lookup =
  | { status: 'loading' }
  | { status: 'found'; certificate: Certificate }
  | { status: 'not-found' }
  | { status: 'error'; message: string };

/**
 * /certificados/{id}: the address printed on every certificate. Anyone (an employer) checks here,
 * without an account, who earned it, for which course and when.
 */
export default function CertificatePage() {
  usePageTitle('Verificación de certificado');
  const { id = '' } = useParams();
  const [lookup, setLookup] = useState<Lookup>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again (Reintentar)
  useEffect(() => {
    const controller = new AbortController();
    setLookup({ status: 'loading' });
    apiRequest<Certificate>(`/certificates/${encodeURIComponent(id)}`, {
      signal: controller.signal,
      authenticated: false,
    }).then(
      (certificate) => setLookup({ status: 'found', certificate }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          setLookup({ status: 'not-found' });
        } else {
          setLookup({
            status: 'error',
            message: error instanceof Error ? error.message : 'Ocurrió un error inesperado.',
          });
        }
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  return (
    <section className="prose certificate-check" aria-labelledby="certificate-title">
      <h1 id="certificate-title">Verificación de certificado</h1>
      {lookup.status === 'loading' && <Spinner label="Buscando el certificado…" />}
      {lookup.status === 'found' && (
        <>
          <Banner tone="success" title="Certificado válido">
            <p>Alcancía emitió este certificado.</p>
          </Banner>
          <dl className="certificate-facts">
            <dt>Otorgado a</dt>
            <dd>{lookup.certificate.learnerName}</dd>
            <dt>Curso</dt>
            <dd>{lookup.certificate.courseName}</dd>
            <dt>Completado el</dt>
            <dd>{formatDate(lookup.certificate.completedOn)}</dd>
            <dt>Código</dt>
            <dd>{lookup.certificate.id}</dd>
          </dl>
          <p>
            <a
              className="certificate-linkedin"
              href={linkedInAddUrl(lookup.certificate, window.location.origin)}
              target="_blank"
              rel="noopener noreferrer"
            >
              Agregar a LinkedIn<span className="visually-hidden"> (se abre en otra pestaña)</span>
            </a>
          </p>
        </>
      )}
      {lookup.status === 'not-found' && (
        <Banner tone="danger" title="No encontramos ese certificado">
          <p>Revisá que el código ({id}) esté escrito como figura en el certificado.</p>
        </Banner>
      )}
      {lookup.status === 'error' && (
        <>
          <Banner tone="danger" title="No pudimos verificar el certificado">
            <p>{lookup.message}</p>
          </Banner>
          <Button onClick={() => setAttempt((n) => n + 1)}>Reintentar</Button>
        </>
      )}
      <p>
        <Link to="/">Ir a Alcancía</Link>
      </p>
    </section>
  );
}

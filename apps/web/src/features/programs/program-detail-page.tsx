import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { useCurrentUser } from '../../shared/account/account-queries';
import { Thumbnail } from '../../shared/catalogue/course-card';
import {
  discountBadge,
  programCheckoutPath,
  programPrices,
  programTypeLabel,
  subscribersOnlyNote,
} from '../../shared/catalogue/program-rules';
import { PriceWithoutNationalTaxes } from '../../shared/checkout/national-taxes';
import { Spinner } from '../../ui/feedback';
import { ownsProduct, useAllProgramsAndPacks, useFaqs, usePresentation } from './programs-api';
import '../../shared/catalogue/academy.css';
import { academyCoursePath, plansPath, programsPath } from '../../lib/paths';
import { Banner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';

function minutes(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}m ${s}s`;
}

/**
 * /programas/{id}/detalle, the course presentation page: the program's preview, its long
 * description, modules and FAQs, "Volver a Programas & Packs" and the buy button
 * (/compra/programa/{id}). An owner is sent to /programas.
 */
export default function ProgramDetailPage() {
  const { id = '' } = useParams();
  const presentation = usePresentation(id);
  const user = useCurrentUser();
  const list = useAllProgramsAndPacks();
  const faqs = useFaqs(id);
  usePageTitle(presentation.data?.name ?? 'Programa');

  if (user.data && ownsProduct(user.data.purchases, id)) return <Navigate to={programsPath} replace />;

  const back = (
    <Link to={programsPath} className="back-link">
      Volver a Programas & Packs
    </Link>
  );

  if (presentation.isPending) {
    return (
      <div className="academy">
        {back}
        <Spinner label="Cargando el programa…" />
      </div>
    );
  }
  if (presentation.isError) {
    const notFound = presentation.error instanceof ApiError && presentation.error.status === 404;
    return (
      <div className="academy">
        {back}
        <h1 className="page-title">
          {notFound ? 'Programa no encontrado' : 'No pudimos cargar el programa'}
        </h1>
        {!notFound && <Banner tone="danger">{presentation.error.message}</Banner>}
      </div>
    );
  }

  const course = presentation.data;
  const card = list.data?.find((item) => item.id === id);
  const prices = card ? programPrices(card) : null;
  const badge = card ? discountBadge(card) : null;
  const canBuy = !course.isAccessibleByUser && (card ? card.saleStatus === 'OPEN' : true);
  const paragraphs = course.long_description.split('\n').filter((line) => line.trim() !== '');

  return (
    <article className="academy program-detail">
      {back}
      <div className="program-detail-hero">
        <Thumbnail
          src={course.thumbnail}
          cover={course.cover}
          className="program-detail-media"
          priority
          sizes="(min-width: 1024px) 40vw, 100vw"
        />
        <div className="program-detail-summary">
          <p className="program-type">{programTypeLabel(course.type === 'PACK' ? 'PACK' : 'PROGRAM')}</p>
          <h1 className="page-title">{course.name}</h1>
          <p className="program-detail-lead">{course.description}</p>
          {course.modulesAmount > 0 && (
            <p className="card-counts">
              {course.modulesAmount} {course.modulesAmount === 1 ? 'módulo' : 'módulos'} ·{' '}
              {course.classesAmount} {course.classesAmount === 1 ? 'clase' : 'clases'}
            </p>
          )}
          {prices && (
            <p className="program-prices">
              {prices.regular && (
                <s className="program-regular">
                  <span className="visually-hidden">Precio regular: </span>
                  {prices.regular}
                </s>
              )}
              <span className="program-price">
                <span className="visually-hidden">Precio: </span>
                {prices.price}
              </span>
              {badge && <span className="card-badge-inline">{badge}</span>}
            </p>
          )}
          {prices && card?.price != null && <PriceWithoutNationalTaxes centavos={card.price} />}
          {course.isAccessibleByUser ? (
            <ButtonLink to={academyCoursePath(course.id)}>Ir al programa</ButtonLink>
          ) : canBuy && card?.onlyForSubscribers ? (
            // issue 30: who can buy it, instead of a "Comprar ahora" the checkout would refuse
            <>
              <p className="program-audience">{subscribersOnlyNote}</p>
              <ButtonLink to={plansPath}>Ver planes</ButtonLink>
            </>
          ) : canBuy ? (
            <ButtonLink to={programCheckoutPath(course.id)}>Comprar ahora</ButtonLink>
          ) : (
            <Button variant="plain" aria-disabled="true">
              Próximamente
            </Button>
          )}
        </div>
      </div>

      <section className="program-detail-section" aria-labelledby="program-about">
        <h2 id="program-about">Sobre {course.type === 'PACK' ? 'este pack' : 'este programa'}</h2>
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>

      {course.modules.length > 0 && (
        <section className="program-detail-section" aria-labelledby="program-modules">
          <h2 id="program-modules">Módulos</h2>
          <ol className="module-list">
            {course.modules.map((module) => (
              <li key={module.id} className="module-item">
                <details>
                  <summary>
                    <span className="module-order" aria-hidden="true">
                      {module.order}
                    </span>
                    <span className="module-name">
                      <span className="visually-hidden">Módulo {module.order}: </span>
                      {module.name}
                    </span>
                    <span className="module-meta">
                      {module.total_sections} {module.total_sections === 1 ? 'clase' : 'clases'} ·{' '}
                      {minutes(module.total_duration)}
                    </span>
                  </summary>
                  <ul className="section-list">
                    {module.sections.map((section) => (
                      <li key={section.id}>
                        <span>{section.name}</span>
                        <span className="module-meta">
                          {section.type === 'DOWNLOADABLE_MATERIAL'
                            ? 'Descargable'
                            : minutes(section.duration)}
                        </span>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
          </ol>
        </section>
      )}

      {faqs.data && faqs.data.faqs.length > 0 && (
        <section className="program-detail-section" aria-labelledby="program-faqs">
          <h2 id="program-faqs">Preguntas frecuentes</h2>
          <dl className="faq-list">
            {faqs.data.faqs.map((faq) => (
              <div key={faq.question}>
                <dt>{faq.question}</dt>
                <dd>{faq.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </article>
  );
}

import type { SubscriptionPlan } from '@alcancia/contract';
import { Link, Navigate } from 'react-router';
import { formatMoney } from '../../lib/format';
import { academyPath, plansPath, registerPath } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { useIsLoggedIn } from '../../lib/use-session';
import { PriceWithoutNationalTaxes } from '../../shared/checkout/national-taxes';
import { Banner } from '../../ui/banner';
import { ButtonLink } from '../../ui/button';
import { Card } from '../../ui/card';
import { usePublicCourses, usePublicFilters, usePublicPlans, usePublicPrograms } from './shop-api';
import { CourseTile, JoinLinks, ProgramTile, Section, ShopNav, TileSkeletons } from './shop-parts';

/** The lowest monthly price of a plan (what it costs "desde"), or null when it has none. */
function monthlyFrom(plan: SubscriptionPlan): number | null {
  const monthly = plan.providerPlans.monthly;
  if (!monthly) return null;
  return monthly.prices.discountPrice ?? monthly.prices.regularPrice;
}

/**
 * `/` for a visitor (issue 30): what Alcancía is, the free courses, the catalogue, programs, the
 * plans, and a way in. A learner with a session goes to the academy.
 */
export default function ShopHomePage() {
  usePageTitle('Educación financiera para mujeres');
  const loggedIn = useIsLoggedIn();
  const filters = usePublicFilters();
  const free = usePublicCourses({ tags: 'free' }, 8);
  const courses = usePublicCourses({}, 8);
  const programs = usePublicPrograms();
  const plans = usePublicPlans();
  if (loggedIn) return <Navigate to={academyPath} replace />;

  return (
    <div className="shop">
      <ShopNav />
      <section className="shop-hero" aria-labelledby="shop-title">
        <h1 id="shop-title">Aprendé a manejar tu plata, a tu ritmo</h1>
        <p>
          Alcancía es la academia de educación financiera para mujeres: cursos cortos en video, con materiales
          para descargar, para ordenar tus gastos, salir de deudas, empezar a invertir y emprender. Empezá
          gratis, desde el celular.
        </p>
        <div className="shop-join">
          <ButtonLink size="large" to={registerPath}>
            Creá tu cuenta gratis
          </ButtonLink>
          <ButtonLink variant="secondary" size="large" to="/cursos">
            Ver los cursos
          </ButtonLink>
        </div>
      </section>

      <Section title="Cursos gratis para empezar" id="shop-free">
        {free.isPending ? (
          <TileSkeletons count={3} />
        ) : free.isError ? (
          <Banner tone="warning">No pudimos cargar los cursos. Probá de nuevo en un momento.</Banner>
        ) : (
          <ul className="shop-grid">
            {free.data.items.map((course, index) => (
              <CourseTile key={course.id} course={course} filters={filters.data} priority={index === 0} />
            ))}
          </ul>
        )}
      </Section>

      <Section
        title="El catálogo"
        id="shop-catalogue"
        action={<Link to="/cursos">Ver todos los cursos</Link>}
      >
        {courses.isPending ? (
          <TileSkeletons count={4} />
        ) : courses.isError ? (
          <Banner tone="warning">No pudimos cargar los cursos. Probá de nuevo en un momento.</Banner>
        ) : (
          <ul className="shop-grid">
            {courses.data.items.map((course) => (
              <CourseTile key={course.id} course={course} filters={filters.data} />
            ))}
          </ul>
        )}
      </Section>

      {programs.data && programs.data.items.length > 0 && (
        <Section title="Programas y packs" id="shop-programs">
          <ul className="shop-grid">
            {programs.data.items.map((program) => (
              <ProgramTile key={program.id} program={program} />
            ))}
          </ul>
        </Section>
      )}

      {plans.data && plans.data.length > 0 && (
        <Section
          title="Los planes"
          id="shop-plans"
          action={<Link to={plansPath}>Ver precios y frecuencias</Link>}
        >
          <p>Con un plan abrís todos los cursos del catálogo, además de los gratis.</p>
          <ul className="shop-plans">
            {plans.data.map((plan) => {
              const from = monthlyFrom(plan);
              return (
                <Card as="li" key={plan.id} title={plan.displayMetadata.title || plan.name} padded>
                  {from !== null && (
                    <>
                      <p className="shop-price">
                        {formatMoney(from)} <span className="shop-duration">por mes</span>
                      </p>
                      <PriceWithoutNationalTaxes centavos={from} />
                    </>
                  )}
                  {plan.displayMetadata.benefits.length > 0 && (
                    <ul>
                      {plan.displayMetadata.benefits.map((benefit) => (
                        <li key={benefit}>{benefit}</li>
                      ))}
                    </ul>
                  )}
                </Card>
              );
            })}
          </ul>
        </Section>
      )}

      <Section title="¿Ya tenés cuenta?" id="shop-join">
        <JoinLinks from={academyPath} registerLabel="Creá tu cuenta" />
      </Section>
    </div>
  );
}

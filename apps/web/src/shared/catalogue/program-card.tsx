import type { ProgramCard as Program } from '@alcancia/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { track } from '../../lib/analytics';
import { apiRequest } from '../../lib/api-client';
import { Banner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { Card } from '../../ui/card';
import { PriceWithoutNationalTaxes } from '../checkout/national-taxes';
import { catalogKeys } from './catalog-api';
import { ProgressBar, Thumbnail } from './course-card';
import {
  discountBadge,
  programButton,
  programDetailPath,
  programPrices,
  programTypeLabel,
} from './program-rules';

/** Program cards are one a row on a phone, two from 768 px (academy.css). */
const programCardSizes = '(min-width: 1440px) 700px, (min-width: 768px) 50vw, 100vw';

/** POST /academy/start-course, then open the course ("Comenzar"). */
function StartButton({ id, to, name }: { id: string; to: string; name: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: () => apiRequest('/academy/start-course', { method: 'POST', body: { courseId: id } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: catalogKeys.progress });
      navigate(to);
    },
  });
  return (
    <>
      <Button
        size="small"
        disabled={start.isPending}
        aria-label={`Comenzar ${name}`}
        onClick={() => {
          track('academy_courseCard_click_start', { courseId: id });
          start.mutate();
        }}
      >
        {start.isPending ? 'Comenzando…' : 'Comenzar'}
      </Button>
      {start.isError && <Banner tone="danger">{start.error.message}</Banner>}
    </>
  );
}

/**
 * A program or pack card: cover, type (PROGRAMA / PACK), discount badge without access,
 * name, short description, prices or progress, and the button of the program card table.
 */
export function ProgramCardView({
  program,
  progress,
  headingLevel = 3,
  priority = false,
}: {
  program: Program;
  progress: number | null;
  headingLevel?: 2 | 3;
  /** a card of the first screen: its cover loads at once (see Thumbnail) */
  priority?: boolean;
}) {
  const button = programButton(program, progress);
  const badge = discountBadge(program);
  const prices = programPrices(program);
  const titleTarget = program.isAccessibleByUser
    ? button.kind !== 'soon' && button.to
    : programDetailPath(program.id);
  return (
    <Card
      as="article"
      className="program-card"
      cover={
        <>
          <Thumbnail
            src={program.thumbnailAlternative ?? program.thumbnail}
            cover={program.cover}
            className="program-media"
            priority={priority}
            sizes={programCardSizes}
          />
          {badge && <span className="card-badge card-badge-offer">{badge}</span>}
        </>
      }
      kicker={<p className="program-type">{programTypeLabel(program.type)}</p>}
      titleLevel={headingLevel}
      title={
        titleTarget ? (
          <Link to={titleTarget} className="card-title-link">
            {program.name}
          </Link>
        ) : (
          program.name
        )
      }
    >
      <p className="card-description">{program.descriptionAlternative ?? program.description}</p>
      {program.isAccessibleByUser && progress !== null && (
        <ProgressBar fraction={progress} label={`Progreso de ${program.name}`} />
      )}
      <div className="program-footer">
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
          </p>
        )}
        {prices && program.price !== null && <PriceWithoutNationalTaxes centavos={program.price} />}
        {button.kind === 'start' ? (
          <StartButton id={program.id} to={button.to} name={program.name} />
        ) : button.kind === 'soon' ? (
          <Button variant="plain" size="small" aria-disabled="true">
            {button.label}
          </Button>
        ) : (
          <ButtonLink
            to={button.to}
            size="small"
            variant={button.kind === 'completed' ? 'secondary' : 'primary'}
            aria-label={`${button.label}: ${program.name}`}
            onClick={() =>
              track(
                `academy_courseCard_click_${button.kind === 'buy' || button.kind === 'viewPack' || button.kind === 'subscribersOnly' ? 'purchase' : 'continue'}`,
                { courseId: program.id },
              )
            }
          >
            {button.label}
          </ButtonLink>
        )}
      </div>
    </Card>
  );
}

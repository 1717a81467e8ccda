import type { Story, StoryDefault } from '@ladle/react';
import { Badge } from './badge';
import { ButtonLink } from './button';
import { Card } from './card';
import { Spinner } from './feedback';
import { ProgressBar } from './progress-bar';

export default { title: 'Card' } satisfies StoryDefault;

const grid = {
  display: 'grid',
  gap: '1.25rem',
  gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
  listStyle: 'none',
  margin: 0,
  padding: 0,
} as const;

/** A cover without text baked in: a plum and rose illustration placeholder. */
const cover =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180"><rect width="320" height="180" fill="#efe6f7"/><circle cx="240" cy="60" r="48" fill="#b0174f" opacity=".85"/><rect x="40" y="96" width="150" height="54" rx="12" fill="#5b2a86"/></svg>',
  );

export const Course: Story = () => (
  <ul style={grid}>
    <Card
      as="li"
      interactive
      media={<img src={cover} alt="" width={320} height={180} />}
      title={
        <a className="card-link" href="#curso">
          Tu presupuesto mensual en una hora
        </a>
      }
      footer={<Badge tone="primary">Principiante</Badge>}
    >
      <ProgressBar value={40} label="Progreso del curso" />
    </Card>
    <Card as="li" title="Inversiones desde cero" footer={<Badge tone="accent">Nuevo</Badge>}>
      <p style={{ margin: 0 }}>Plazo fijo, FCI y tus primeros pasos en el mercado.</p>
    </Card>
  </ul>
);

export const WithActions: Story = () => (
  <div style={{ maxWidth: '22rem' }}>
    <Card
      padded
      title="Plan Esencial"
      footer={
        <ButtonLink block href="#suscribirme">
          Suscribirme
        </ButtonLink>
      }
    >
      <p style={{ margin: 0 }}>Todos los cursos, a tu ritmo.</p>
    </Card>
  </div>
);

export const Loading: Story = () => (
  <div style={{ maxWidth: '22rem' }}>
    <Card title="Seguí viendo">
      <Spinner label="Cargando tus cursos…" />
    </Card>
  </div>
);

export const Empty: Story = () => (
  <div style={{ maxWidth: '22rem' }}>
    <Card padded title="Todavía no empezaste ningún curso">
      <p style={{ margin: 0, color: 'var(--color-muted)' }}>Elegí uno del catálogo y lo vas a ver acá.</p>
    </Card>
  </div>
);

export const Focus: Story = () => (
  <ul style={grid}>
    <Card
      as="li"
      interactive
      media={<img src={cover} alt="" width={320} height={180} />}
      title={
        // biome-ignore lint/a11y/noAutofocus: the story shows the focused state
        <a className="card-link" href="#curso" autoFocus>
          Armá tu fondo de emergencia
        </a>
      }
    >
      <p style={{ margin: 0 }}>The whole card shows the ring when its link has the focus.</p>
    </Card>
  </ul>
);

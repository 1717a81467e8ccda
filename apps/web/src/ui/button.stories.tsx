import type { Story, StoryDefault } from '@ladle/react';
import { Button, ButtonLink } from './button';
import { FileButton } from './file-button';

export default { title: 'Button' } satisfies StoryDefault;

const row = { display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'center' } as const;

export const Variants: Story = () => (
  <div style={row}>
    <Button variant="primary">Comenzar</Button>
    <Button variant="secondary">Ver planes</Button>
    <Button variant="ghost">Cancelar</Button>
    <Button variant="danger">Eliminar mi cuenta</Button>
  </div>
);

export const Sizes: Story = () => (
  <div style={row}>
    <Button size="small">Chica</Button>
    <Button>Mediana</Button>
    <Button size="large">Grande</Button>
  </div>
);

export const Loading: Story = () => (
  <div style={row}>
    <Button loading>Pagando…</Button>
    <Button variant="secondary" loading>
      Guardando
    </Button>
  </div>
);

export const Disabled: Story = () => (
  <div style={row}>
    <Button disabled>Comprar ahora</Button>
    <Button variant="secondary" disabled>
      Ver planes
    </Button>
  </div>
);

export const Focus: Story = () => (
  <div style={row}>
    <Button autoFocus>Ingresar</Button>
    <span>The focus ring: a light ring inside a dark one (Tab to move it).</span>
    <Button variant="secondary">Registrate</Button>
    <Button variant="danger">Eliminar</Button>
  </div>
);

export const Block: Story = () => (
  <div style={{ maxWidth: '20rem' }}>
    <Button block>Continuar</Button>
  </div>
);

export const LinkAsButton: Story = () => (
  <ButtonLink variant="secondary" href="#planes">
    Un enlace con aspecto de botón
  </ButtonLink>
);

export const PlainAndLink: Story = () => (
  <div style={row}>
    <Button variant="plain">Sin borde</Button>
    <span>
      Una acción dentro de una frase: <Button variant="link">Reintentar</Button>
    </span>
  </div>
);

/** The back office's density: less padding, the same 44 px touch target. */
export const Compact: Story = () => (
  <div style={row}>
    <FileButton size="compact" accept=".vtt" onFile={() => undefined}>
      Subir subtítulos
    </FileButton>
    <Button variant="secondary" size="compact">
      Anterior
    </Button>
    <Button size="compact">Ver período</Button>
  </div>
);

import type { Story, StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { Tabs } from './tabs';

export default { title: 'Tabs' } satisfies StoryDefault;

const frequency = [
  { id: 'mensual', label: 'Mensual', panel: <p>$ 9.900 por mes.</p> },
  { id: 'anual', label: 'Anual', panel: <p>$ 99.000 por año: dos meses de regalo.</p> },
];

export const Default: Story = () => (
  <div style={{ maxWidth: '28rem' }}>
    <Tabs label="Frecuencia de pago" tabs={frequency} />
  </div>
);

export const Controlled: Story = () => {
  const [value, setValue] = useState('anual');
  return (
    <div style={{ maxWidth: '28rem' }}>
      <Tabs label="Frecuencia de pago" tabs={frequency} value={value} onChange={setValue} />
      <p>Elegida: {value}</p>
    </div>
  );
};

export const Empty: Story = () => (
  <div style={{ maxWidth: '28rem' }}>
    <Tabs
      label="Tus cursos"
      tabs={[
        { id: 'en-curso', label: 'En curso', panel: <p>Todavía no empezaste ningún curso.</p> },
        { id: 'terminados', label: 'Terminados', panel: <p>Cuando termines uno, aparece acá.</p> },
      ]}
    />
  </div>
);

export const Focus: Story = () => {
  return (
    <div
      style={{ maxWidth: '28rem' }}
      ref={(element) => element?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus()}
    >
      <Tabs label="Frecuencia de pago" tabs={frequency} />
      <p>Arrows move between tabs; Tab goes to the panel.</p>
    </div>
  );
};

export const Narrow: Story = () => (
  <div style={{ maxWidth: '18rem' }}>
    <Tabs
      label="Secciones"
      tabs={[
        { id: 'perfil', label: 'Perfil', panel: <p>Perfil</p> },
        { id: 'suscripcion', label: 'Suscripción', panel: <p>Suscripción</p> },
        { id: 'pagos', label: 'Pagos', panel: <p>Pagos</p> },
        { id: 'privacidad', label: 'Privacidad', panel: <p>Privacidad</p> },
      ]}
    />
  </div>
);

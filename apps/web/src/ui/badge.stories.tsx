import type { Story, StoryDefault } from '@ladle/react';
import { Badge } from './badge';

export default { title: 'Badge' } satisfies StoryDefault;

export const Tones: Story = () => (
  <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
    <Badge>Borrador</Badge>
    <Badge tone="primary">Principiante</Badge>
    <Badge tone="accent">Nuevo</Badge>
    <Badge tone="success">Completado</Badge>
    <Badge tone="warning">Pago pendiente</Badge>
    <Badge tone="danger">Vencida</Badge>
  </div>
);

export const LongText: Story = () => (
  <div style={{ maxWidth: '10rem' }}>
    <Badge tone="primary">Una etiqueta larga que no entra en el ancho</Badge>
  </div>
);

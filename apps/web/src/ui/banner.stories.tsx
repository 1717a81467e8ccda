import type { Story, StoryDefault } from '@ladle/react';
import { Banner } from './banner';
import { Button } from './button';

export default { title: 'Banner' } satisfies StoryDefault;

const column = { display: 'grid', gap: '1rem', maxWidth: '40rem' } as const;

export const Tones: Story = () => (
  <div style={column}>
    <Banner tone="info" live="none">
      Tu cuenta de prueba termina en 3 días.
    </Banner>
    <Banner tone="success" live="none">
      ¡Listo! Guardamos tus datos.
    </Banner>
    <Banner tone="warning" live="none">
      Revisá tu correo: todavía no validaste tu cuenta.
    </Banner>
    <Banner tone="danger" live="none">
      No pudimos procesar el pago. Intentá nuevamente.
    </Banner>
  </div>
);

export const WithTitleAndAction: Story = () => (
  <div style={column}>
    <Banner
      tone="warning"
      title="Pago pendiente"
      action={
        <Button size="small" variant="secondary">
          Cambiar tarjeta
        </Button>
      }
    >
      No pudimos cobrar tu plan. Tenés 7 días para actualizar tu tarjeta.
    </Banner>
  </div>
);

export const ErrorState: Story = () => (
  <div style={column}>
    <Banner tone="danger" title="No pudimos iniciar sesión">
      El correo o la contraseña no son correctos.
    </Banner>
  </div>
);
ErrorState.storyName = 'Error (danger: announced at once)';

export const Empty: Story = () => (
  <div style={column}>
    <Banner tone="info" live="none" title="No hay resultados">
      Probá con otras palabras o limpiá los filtros.
    </Banner>
  </div>
);

import type { Story, StoryDefault } from '@ladle/react';
import { PasswordField } from './password-field';
import { SelectField } from './select-field';
import { TextField } from './text-field';

export default { title: 'Fields' } satisfies StoryDefault;

const column = { display: 'grid', gap: '1.25rem', maxWidth: '24rem' } as const;

export const Text: Story = () => (
  <form className="form" style={column}>
    <TextField label="Nombre" autoComplete="given-name" />
    <TextField label="Correo electrónico" type="email" hint="Te mandamos el código a esta dirección." />
    <TextField label="Teléfono" prefix={<span className="field-prefix">+54</span>} inputMode="tel" />
  </form>
);

export const Empty: Story = () => (
  <div style={column}>
    <TextField label="Código promocional" placeholder="Ej.: BIENVENIDA" />
  </div>
);

export const ErrorState: Story = () => (
  <div style={column}>
    <TextField label="Correo electrónico" defaultValue="ana@" error="Ingresá un correo válido." />
    <SelectField label="País" defaultValue="" error="Elegí tu país.">
      <option value="">Elegí una opción</option>
      <option value="AR">Argentina</option>
    </SelectField>
  </div>
);
ErrorState.storyName = 'Error';

export const Disabled: Story = () => (
  <div style={column}>
    <TextField label="Correo electrónico" defaultValue="ana@example.com" disabled />
  </div>
);

export const Focus: Story = () => (
  <div style={column}>
    <TextField label="Nombre" autoFocus />
  </div>
);

export const Password: Story = () => (
  <div style={column}>
    <PasswordField label="Contraseña" autoComplete="new-password" />
  </div>
);

export const Select: Story = () => (
  <div style={column}>
    <SelectField label="Cuotas" defaultValue="1" hint="Sin interés con tarjetas de crédito seleccionadas.">
      <option value="1">1 cuota</option>
      <option value="3">3 cuotas</option>
      <option value="6">6 cuotas</option>
    </SelectField>
  </div>
);

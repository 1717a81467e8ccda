import type { Story, StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { type ComboboxOption, MultiCombobox } from './multi-combobox';

export default { title: 'MultiCombobox' } satisfies StoryDefault;

const programs: ComboboxOption[] = [
  { value: 'programa-inversora-inteligente', label: 'Inversora inteligente' },
  { value: 'programa-chau-deudas', label: 'Chau deudas' },
  { value: 'programa-emprendedora-rentable', label: 'Emprendedora rentable' },
  { value: 'programa-orden-total', label: 'Orden total', detail: 'sin publicar' },
  { value: 'pack-inversion-completa', label: 'Inversión completa', detail: 'Pack' },
];

function Picker(props: { initial?: string[]; error?: string; disabled?: boolean }) {
  const [value, setValue] = useState(props.initial ?? []);
  return (
    <div style={{ maxWidth: '28rem' }}>
      <MultiCombobox
        label="Programas o packs"
        options={programs}
        value={value}
        onChange={setValue}
        emptyText="Ninguno elegido: vale para todos."
        hint="Escribí parte del nombre; Enter agrega o quita."
        {...(props.error ? { error: props.error } : {})}
        {...(props.disabled ? { disabled: true } : {})}
      />
    </div>
  );
}

export const Empty: Story = () => <Picker />;
export const WithChoices: Story = () => (
  <Picker initial={['programa-chau-deudas', 'pack-inversion-completa']} />
);
export const UnknownValue: Story = () => <Picker initial={['programa-que-ya-no-existe']} />;
export const WithError: Story = () => <Picker error="Elegí al menos un contenido." />;
export const Disabled: Story = () => <Picker initial={['programa-chau-deudas']} disabled />;

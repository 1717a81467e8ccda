import { useId, useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';

/**
 * A password field with a "Mostrar" toggle, so people can check what they typed. `toggleName`
 * completes the toggle's accessible name ("Mostrar {toggleName}"); it defaults to the label.
 */
export function PasswordField({
  toggleName,
  ...props
}: Omit<TextFieldProps, 'type' | 'suffix'> & { toggleName?: string }) {
  const name = toggleName ?? props.label.toLowerCase();
  const [visible, setVisible] = useState(false);
  const autoId = useId();
  const id = props.id ?? autoId;
  return (
    <TextField
      {...props}
      id={id}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      suffix={
        <button
          type="button"
          className="field-toggle"
          aria-controls={id}
          aria-label={visible ? `Ocultar ${name}` : `Mostrar ${name}`}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Ocultar' : 'Mostrar'}
        </button>
      }
    />
  );
}

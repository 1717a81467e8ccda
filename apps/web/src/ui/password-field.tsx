import { useId, useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';

/** A password field with a "Mostrar" toggle, so people can check what they typed. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'suffix'>) {
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
          aria-label={
            visible ? `Ocultar ${props.label.toLowerCase()}` : `Mostrar ${props.label.toLowerCase()}`
          }
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Ocultar' : 'Mostrar'}
        </button>
      }
    />
  );
}

import './file-button.css';
import { type ReactNode, useId } from 'react';
import { type ButtonSize, type ButtonVariant, buttonClass } from './button';

export interface FileButtonProps {
  /** what the browser's file picker offers (the input's `accept`) */
  accept?: string;
  disabled?: boolean;
  /**
   * The chosen file (undefined when none was). The input is emptied afterwards, so the same file
   * can be chosen again after a refusal.
   */
  onFile(file: File | undefined): void;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** the button's text; it is the input's label, so screen readers hear it as the file field's name */
  children: ReactNode;
}

/**
 * A button that opens the file picker: a visually hidden `<input type="file">` whose `<label>` has
 * the button's classes. The input keeps the focus, the keyboard and the label (tests find it by
 * label); the label shows the input's focus ring and its disabled state (file-button.css).
 */
export function FileButton({
  accept,
  disabled,
  onFile,
  variant = 'secondary',
  size,
  className,
  children,
}: FileButtonProps) {
  const id = useId();
  const classes = buttonClass({ variant, size });
  return (
    <>
      <input
        id={id}
        type="file"
        accept={accept}
        className="visually-hidden file-button-input"
        disabled={disabled}
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <label htmlFor={id} className={className ? `${classes} ${className}` : classes}>
        {children}
      </label>
    </>
  );
}

import { type FormHTMLAttributes, type ReactNode, useEffect, useId, useRef } from 'react';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  open: boolean;
  onClose(): void;
  title: string;
  children: ReactNode;
  /** id of the element describing the dialog (read when it opens) */
  describedBy?: string;
  /** hide the × button (the content then offers its own way out) */
  hideCloseButton?: boolean;
  /** extra class of the <dialog> (a wider variant, …) */
  className?: string;
}

/**
 * A modal dialog on the native <dialog> (top layer, the rest of the page inert). Adds what the
 * element lacks: focus that wraps inside, Escape through onClose, the first field (or
 * [data-autofocus]) focused on open and focus returned to the opener on close.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  describedBy,
  hideCloseButton,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      const first =
        dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(focusable);
      first?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    if (open) return;
    const previous = opener.current;
    opener.current = null;
    if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
  }, [open]);

  function onKeyDown(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(focusable)].filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      onMouseDown={(event) => {
        // a press on the backdrop (outside the panel) closes, like Escape
        if (event.target === ref.current) onClose();
      }}
    >
      {open && (
        <div className="dialog-panel">
          <div className="dialog-header">
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
            {!hideCloseButton && (
              <button type="button" className="dialog-close" onClick={onClose} aria-label="Cerrar">
                <span aria-hidden="true">×</span>
              </button>
            )}
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}

/**
 * The dialog's content under its title (`.dialog-body`); `as="form"` when the dialog is a form
 * (its submit button in DialogActions).
 */
export function DialogBody({
  as: Element = 'div',
  className,
  ...body
}: { as?: 'div' | 'form' } & FormHTMLAttributes<HTMLFormElement>) {
  return <Element className={className ? `${className} dialog-body` : 'dialog-body'} {...(body as object)} />;
}

/** The dialog's buttons, at its bottom (`.dialog-actions`). */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="dialog-actions">{children}</div>;
}

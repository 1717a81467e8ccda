import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '../../ui/button';
import { TextField, type TextFieldProps } from '../../ui/text-field';
import { promoTexts } from './promo-messages';

/** The promo code input of the checkouts' promo box and of the plan list's promo dialog. */
export function PromoCodeField(field: Omit<TextFieldProps, 'label' | 'name'>) {
  return (
    <TextField
      label="Código promocional"
      name="promoCode"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={64}
      {...field}
    />
  );
}

/**
 * What became of a code: applied (the box closes), an error shown under the field, next to it
 * (decision 76: a refused code is never a dialog; the code stays in the field to correct it), or
 * handled by the caller (the product itself cannot be bought: the checkout's final dialog).
 */
export type PromoAttempt = 'applied' | 'handled' | { error: string };

/** A code that came with a link and was refused: the box opens with it and says why. */
export interface RefusedPromo {
  code: string;
  error: string;
}

/**
 * The checkouts' promo box (subscriptions and programs): the link that opens the field, the field
 * with its 'Aplicar' button, the applied code's badge and the way to remove it. What a code does
 * is the caller's `apply`; an empty code is refused here.
 */
export function PromoCodeBox({
  promoCode,
  disabled = false,
  apply,
  onRemove,
  onToggle,
  refused = null,
  children,
}: {
  promoCode: string | null;
  disabled?: boolean;
  apply(code: string): Promise<PromoAttempt>;
  onRemove(): void;
  /** the link opened (true) or closed (false) the field: for analytics */
  onToggle(opening: boolean): void;
  /** a code refused before the box was shown (one that came with a link) */
  refused?: RefusedPromo | null;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(refused !== null);
  const [code, setCode] = useState(refused?.code ?? '');
  const [error, setError] = useState<string | null>(refused?.error ?? null);
  const [loading, setLoading] = useState(false);
  const titleId = useId();
  const regionId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading || disabled) return;
    const value = code.trim();
    if (!value) {
      setError(promoTexts.empty);
      return;
    }
    setLoading(true);
    setError(null);
    try {
      const attempt = await apply(value);
      if (attempt === 'applied') {
        setCode('');
        setOpen(false);
      } else if (attempt !== 'handled') {
        setError(attempt.error);
      }
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="checkout-card promo-box" aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        Código promocional
      </h2>
      <div aria-live="polite">
        {promoCode && (
          <p className="promo-badge">
            <span aria-hidden="true">✓ </span>Tu código promocional <strong>{promoCode}</strong> fue aplicado
          </p>
        )}
      </div>
      {promoCode ? (
        <Button variant="link" disabled={disabled} onClick={onRemove}>
          Quitar el código
        </Button>
      ) : (
        <Button
          variant="link"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => {
            onToggle(!open);
            setOpen(!open);
            setError(null);
          }}
        >
          ¿Tenés un código promocional?
        </Button>
      )}
      <div id={regionId} hidden={!open || promoCode !== null}>
        {open && !promoCode && (
          <form className="promo-form" onSubmit={submit} noValidate aria-busy={loading}>
            <PromoCodeField
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setError(null);
              }}
              error={error}
            />
            <Button type="submit" variant="secondary" aria-disabled={loading || disabled ? true : undefined}>
              {loading ? 'Aplicando…' : 'Aplicar'}
            </Button>
          </form>
        )}
      </div>
      {children}
    </section>
  );
}

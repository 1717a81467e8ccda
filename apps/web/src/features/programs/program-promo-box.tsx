import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { TextField } from '../../ui/text-field';
import { promoErrorText, promoTexts } from '../payments/promo-messages';
import {
  activatePromoCode,
  checkPromoAvailability,
  fetchProgramPreview,
  programCheckoutKeys,
} from './program-checkout-api';
import { trackProgram } from './program-events';

/**
 * The program checkout's promo box (spec §4 "Program promo code"): the code's availability is
 * checked first; a FREE code is activated at once (the program is then the user's); any other code
 * reloads the preview with it, and only a preview that accepts it becomes the applied code. A
 * refused preview goes to the page's error dialog ('Atención'); other failures show under the
 * field. An applied code can be removed.
 */
export function ProgramPromoBox({
  programId,
  promoCode,
  disabled,
  onApplied,
  onActivated,
  onPreviewError,
}: {
  programId: string;
  promoCode: string | null;
  disabled?: boolean;
  onApplied(code: string | null): void;
  onActivated(code: string): void;
  onPreviewError(error: unknown): void;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const titleId = useId();
  const regionId = useId();

  async function apply(event: FormEvent<HTMLFormElement>) {
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
      const { availability } = await checkPromoAvailability(programId, value);
      if (availability === 'FREE') {
        await activatePromoCode(programId, value);
        trackProgram('promoRedeemed', { from: 'programCheckout', programId, free: true });
        setCode('');
        setOpen(false);
        onActivated(value);
        return;
      }
    } catch (failure) {
      trackProgram('promoFailed', { from: 'programCheckout', programId });
      setError(promoErrorText(failure));
      setLoading(false);
      return;
    }
    try {
      const preview = await queryClient.fetchQuery({
        queryKey: programCheckoutKeys.preview(programId, value),
        queryFn: ({ signal }) => fetchProgramPreview(programId, value, signal),
        staleTime: 60 * 1000,
        retry: false,
      });
      trackProgram('promoRedeemed', { from: 'programCheckout', programId, free: false });
      setCode('');
      setOpen(false);
      onApplied(preview.promoCodeApplied ?? value);
    } catch (failure) {
      trackProgram('promoFailed', { from: 'programCheckout', programId });
      if (failure instanceof ApiError && failure.internalCode === 'NETWORK_ERROR') setError(failure.message);
      else onPreviewError(failure);
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
        <button type="button" className="link-button" disabled={disabled} onClick={() => onApplied(null)}>
          Quitar el código
        </button>
      ) : (
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => {
            trackProgram(open ? 'promoCancelled' : 'promoLinkClicked', {
              from: 'programCheckout',
              programId,
            });
            setOpen(!open);
            setError(null);
          }}
        >
          ¿Tenés un código promocional?
        </button>
      )}
      <div id={regionId} hidden={!open || promoCode !== null}>
        {open && !promoCode && (
          <form className="promo-form" onSubmit={apply} noValidate aria-busy={loading}>
            <TextField
              label="Código promocional"
              name="promoCode"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setError(null);
              }}
              error={error}
            />
            <button
              type="submit"
              className="button button-secondary"
              aria-disabled={loading || disabled ? true : undefined}
            >
              {loading ? 'Aplicando…' : 'Aplicar'}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}

import type { PlanFrequency, SubscriptionPlan } from '@alcancia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { TextField } from '../../ui/text-field';
import { ErrorDialog } from '../payments/error-dialog';
import { promoErrorText, promoTexts } from '../payments/promo-messages';
import { invalidPromoForPlan, isInvalidPromoForPlan } from './invalid-promo-for-plan';
import { trackSubscription } from './subscription-events';
import { searchPlan, subscriptionKeys } from './subscriptions-api';

/**
 * The checkout's promo code box. A code is checked by loading the plan with it (GET
 * /users/subscriptions/search); a code that does not discount this plan and frequency gets the
 * 'Atención' dialog and the previous price stays. An applied code can be removed.
 */
export function PromoBox({
  planName,
  frequency,
  promoCode,
  onApplied,
}: {
  planName: string;
  frequency: PlanFrequency;
  promoCode: string | null;
  onApplied(code: string | null): void;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [loading, setLoading] = useState(false);
  const titleId = useId();
  const regionId = useId();

  async function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const value = code.trim();
    if (!value) {
      setError(promoTexts.empty);
      return;
    }
    setLoading(true);
    setError(null);
    try {
      const plan: SubscriptionPlan = await searchPlan(planName, {
        promoCode: value,
        planFrequency: frequency,
      });
      queryClient.setQueryData(subscriptionKeys.plan(planName, frequency, value), plan);
      trackSubscription('promoRedeemed', { from: 'checkout', isDiscountCoupon: true });
      setCode('');
      setOpen(false);
      onApplied(value);
    } catch (failure) {
      if (isInvalidPromoForPlan(failure)) setInvalid(true);
      else setError(promoErrorText(failure));
      trackSubscription('promoFailed', { from: 'checkout' });
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
        <button type="button" className="link-button" onClick={() => onApplied(null)}>
          Quitar el código
        </button>
      ) : (
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => {
            if (!open) trackSubscription('promoLinkClicked', { from: 'checkout' });
            else trackSubscription('promoCancelled', { from: 'checkout' });
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
              aria-disabled={loading ? true : undefined}
            >
              {loading ? 'Aplicando…' : 'Aplicar'}
            </button>
          </form>
        )}
      </div>
      <ErrorDialog
        open={invalid}
        title={invalidPromoForPlan.title}
        text={invalidPromoForPlan.text}
        onClose={() => setInvalid(false)}
      />
    </section>
  );
}

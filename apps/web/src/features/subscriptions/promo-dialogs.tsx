import type { UsePromoCodeResponse } from '@alcancia/contract';
import { type FormEvent, useId, useState } from 'react';
import { formatDate } from '../../lib/format';
import { PromoCodeField } from '../../shared/checkout/promo-code-box';
import { promoErrorText, promoMessageKey, promoTexts } from '../../shared/checkout/promo-messages';
import { redeemPromoCode } from '../../shared/checkout/subscriptions-api';
import { Button } from '../../ui/button';
import { Dialog, DialogActions, DialogBody } from '../../ui/dialog';
import { trackSubscription } from './subscription-events';

/**
 * The promo flow of the plan list (spec §4 "Promo entry from the plan list"): a code is used
 * through POST /users/subscriptions/usePromoCode. A free period is granted at once (success with
 * the end date); a discount coupon comes back to the plan list, which shows its prices.
 */
export function PromoCodeDialog({
  open,
  onCancel,
  onRedeemed,
}: {
  open: boolean;
  onCancel(): void;
  onRedeemed(code: string, response: UsePromoCodeResponse): void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const hintId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
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
      const response = await redeemPromoCode(value);
      trackSubscription('promoRedeemed', { isDiscountCoupon: response.isDiscountCoupon });
      setCode('');
      onRedeemed(value, response);
    } catch (failure) {
      setError(promoErrorText(failure));
      trackSubscription('promoFailed', {
        reason: failure instanceof Error ? promoMessageKey(failure.message) : 'generic',
      });
    } finally {
      setLoading(false);
    }
  }

  function cancel() {
    trackSubscription('promoCancelled', { from: 'plans' });
    setError(null);
    onCancel();
  }

  return (
    <Dialog open={open} onClose={cancel} title="Usá tu código promocional" describedBy={hintId}>
      <DialogBody as="form" className="form" onSubmit={submit} noValidate aria-busy={loading}>
        <p id={hintId}>
          Escribilo tal como lo recibiste. Si es un período gratis, se activa en el momento; si es un
          descuento, lo vas a ver en el precio de los planes.
        </p>
        <PromoCodeField
          data-autofocus
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
          error={error}
        />
        <DialogActions>
          <Button variant="secondary" onClick={cancel}>
            Cancelar
          </Button>
          <Button type="submit" aria-disabled={loading ? true : undefined}>
            {loading ? 'Validando…' : 'Usar código'}
          </Button>
        </DialogActions>
      </DialogBody>
    </Dialog>
  );
}

/** A visitor asked for the promo flow: log in first, then come back with promoCodeOpen=true. */
export function PromoLoginDialog({
  open,
  onLogin,
  onRegister,
  onCancel,
}: {
  open: boolean;
  onLogin(): void;
  onRegister(): void;
  onCancel(): void;
}) {
  const textId = useId();
  return (
    <Dialog open={open} onClose={onCancel} title="Iniciá sesión para usar tu código" describedBy={textId}>
      <DialogBody>
        <p id={textId}>
          Tu código promocional se aplica a tu cuenta. Iniciá sesión (o creá tu cuenta) y te traemos de vuelta
          para cargarlo.
        </p>
        <DialogActions>
          <Button variant="secondary" onClick={onRegister}>
            Crear cuenta
          </Button>
          <Button onClick={onLogin} data-autofocus>
            Iniciar sesión
          </Button>
        </DialogActions>
      </DialogBody>
    </Dialog>
  );
}

/** A free period was granted: until when, and the way back (app or home). */
export function PromoSuccessDialog({
  endDate,
  fromApp,
  onClose,
}: {
  endDate: string | null;
  fromApp: boolean;
  onClose(): void;
}) {
  const textId = useId();
  return (
    <Dialog open={endDate !== null} onClose={onClose} title="¡Tu código fue activado!" describedBy={textId}>
      <DialogBody>
        <div id={textId} className="result-body result-success">
          <p>
            Ya tenés acceso a todos los cursos de la academia hasta el{' '}
            <strong>{endDate ? formatDate(endDate) : ''}</strong>.
          </p>
        </div>
        <DialogActions>
          <Button onClick={onClose} data-autofocus>
            {fromApp ? 'Volver a la app' : 'Empezar a aprender'}
          </Button>
        </DialogActions>
      </DialogBody>
    </Dialog>
  );
}

import type { ProgramPreview } from '@alcancia/contract';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../shared/account/account-queries';
import { useCheckoutAttempt } from '../../shared/checkout/checkout-attempt';
import { awaitsCountry } from '../../shared/checkout/country-gate';
import {
  cardCheckoutProvider,
  useCheckoutProvider,
  useProgramPreview,
} from '../../shared/checkout/program-checkout-api';
import { promoErrorText } from '../../shared/checkout/promo-messages';
import { useCheckoutEntry } from '../../shared/checkout/use-checkout-entry';
import { useMercadoPago } from '../../shared/checkout/use-mercadopago';
import { usePaymentResult } from '../../shared/checkout/use-payment-result';
import { isOutsideArgentina } from './checkout-rules';
import { trackProgram } from './program-events';
import { ownsProduct } from './programs-api';

/**
 * What the program checkout knows before it shows anything: her account (and whether she may buy
 * here), the program's preview with the code she brings, the checkout provider and, for the card,
 * the card form's SDK and the attempts so far. Also opens the promo box on a refused code and
 * reports the view once.
 */
export function useProgramCheckout() {
  const { id = '' } = useParams();
  const entryState = useCheckoutEntry();
  const { promoCode, refusePromo } = entryState;
  const [activatedCode, setActivatedCode] = useState<string | null>(null);
  // one Idempotency-Key per checkout attempt: a double tap is answered once, charged once
  const submitKey = useCheckoutAttempt();
  const viewed = useRef(false);

  const user = useCurrentUser();
  const outside =
    !user.isPending && isOutsideArgentina({ userFailed: user.isError, countryCode: user.data?.countryCode });
  const allowed = !user.isPending && !outside && !user.isError && !awaitsCountry(user.data);
  const preview = useProgramPreview(id, promoCode, allowed);
  const provider = useCheckoutProvider(id, allowed);
  const cardCheckout = provider.data === cardCheckoutProvider;
  const sdk = useMercadoPago(allowed && cardCheckout);
  const attempts = usePaymentResult({
    purchaseType: 'PROGRAM_PURCHASE',
    productId: allowed && cardCheckout ? id : undefined,
  });

  const program: ProgramPreview | undefined = preview.data;
  // Once a payment has an outcome (or a FREE code gave the program away) the page stays as it is.
  const locked = attempts.result.status !== 'pending' || activatedCode !== null;
  const owned = user.data ? ownsProduct(user.data.purchases, id) : false;
  const ready =
    allowed &&
    program !== undefined &&
    provider.data !== undefined &&
    (!cardCheckout || (sdk.status === 'ready' && attempts.ready));

  // A code that came with the link and is refused: the preview loads without it and the promo box
  // opens with the code and the reason next to it (decision 76), instead of a dialog.
  const promoRefused =
    !preview.data &&
    preview.isError &&
    promoCode !== null &&
    preview.error instanceof ApiError &&
    preview.error.internalCode === 'PROMO_CODE';
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per refused load
  useEffect(() => {
    if (promoRefused) refusePromo(promoErrorText(preview.error));
  }, [promoRefused]);

  useEffect(() => {
    if (!ready || viewed.current || !program) return;
    viewed.current = true;
    trackProgram('checkoutView', { programId: program.id, provider: provider.data ?? undefined });
  }, [ready, program, provider.data]);

  return {
    ...entryState,
    id,
    activatedCode,
    setActivatedCode,
    submitKey,
    user,
    outside,
    preview,
    provider,
    cardCheckout,
    sdk,
    attempts,
    locked,
    owned,
    promoRefused,
  };
}

export type ProgramCheckoutState = ReturnType<typeof useProgramCheckout>;

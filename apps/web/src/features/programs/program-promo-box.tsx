import { useQueryClient } from '@tanstack/react-query';
import { ApiError, type ApiErrorCode } from '../../lib/api-client';
import {
  activatePromoCode,
  checkPromoAvailability,
  fetchProgramPreview,
  programCheckoutKeys,
} from '../../shared/checkout/program-checkout-api';
import { type PromoAttempt, PromoCodeBox, type RefusedPromo } from '../../shared/checkout/promo-code-box';
import { promoErrorText } from '../../shared/checkout/promo-messages';
import { trackProgram } from './program-events';

const codeFailures = new Set<ApiErrorCode>(['PROMO_CODE', 'NETWORK_ERROR', 'TOO_MANY_REQUESTS']);

/** A failed preview with a code that is about the code (or the moment), not about the program. */
const isAboutTheCode = (failure: ApiError) => codeFailures.has(failure.internalCode);

/**
 * The program checkout's promo box (spec §4 "Program promo code"): the code's availability is
 * checked first; a FREE code is activated at once (the program is then the user's); any other code
 * reloads the preview with it, and only a preview that accepts it becomes the applied code. A
 * refused code shows under the field (decision 76: an unknown code says it was not found); only a
 * preview that fails for the program itself (gone, already bought) goes to the page's dialog. An
 * applied code can be removed.
 */
export function ProgramPromoBox({
  programId,
  promoCode,
  refused,
  disabled,
  onApplied,
  onActivated,
  onPreviewError,
}: {
  programId: string;
  promoCode: string | null;
  /** a code that came with the link and was refused on load */
  refused?: RefusedPromo | null;
  disabled?: boolean;
  onApplied(code: string | null): void;
  onActivated(code: string): void;
  onPreviewError(error: unknown): void;
}) {
  const queryClient = useQueryClient();

  async function apply(value: string): Promise<PromoAttempt> {
    try {
      const { availability } = await checkPromoAvailability(programId, value);
      if (availability === 'FREE') {
        await activatePromoCode(programId, value);
        trackProgram('promoRedeemed', { from: 'programCheckout', programId, free: true });
        onActivated(value);
        return 'applied';
      }
    } catch (failure) {
      trackProgram('promoFailed', { from: 'programCheckout', programId });
      return { error: promoErrorText(failure) };
    }
    try {
      const preview = await queryClient.fetchQuery({
        queryKey: programCheckoutKeys.preview(programId, value),
        queryFn: ({ signal }) => fetchProgramPreview(programId, value, signal),
        staleTime: 60 * 1000,
        retry: false,
      });
      trackProgram('promoRedeemed', { from: 'programCheckout', programId, free: false });
      onApplied(preview.promoCodeApplied ?? value);
      return 'applied';
    } catch (failure) {
      trackProgram('promoFailed', { from: 'programCheckout', programId });
      if (failure instanceof ApiError && isAboutTheCode(failure)) return { error: promoErrorText(failure) };
      onPreviewError(failure);
      return 'handled';
    }
  }

  return (
    <PromoCodeBox
      promoCode={promoCode}
      disabled={disabled}
      refused={refused}
      apply={apply}
      onRemove={() => onApplied(null)}
      onToggle={(opening) =>
        trackProgram(opening ? 'promoLinkClicked' : 'promoCancelled', { from: 'programCheckout', programId })
      }
    />
  );
}

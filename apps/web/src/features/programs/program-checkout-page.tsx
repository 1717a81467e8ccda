import { Navigate } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import {
  CardFormLoadError,
  CheckoutLoading,
  UserDataErrorDialog,
} from '../../shared/checkout/checkout-parts';
import { awaitingCountryLabel, awaitsCountry } from '../../shared/checkout/country-gate';
import { alreadyPurchasedDialog, previewErrorDialog, saleClosedDialog } from './checkout-rules';
import { ProgramCheckout, RuleDialog } from './program-checkout';
import { useProgramCheckout } from './use-program-checkout';
import '../../shared/checkout/checkout.css';
import { plansPath } from '../../lib/paths';

const pageTitle = 'Comprá tu programa';

function Loading({ label }: { label?: string }) {
  return <CheckoutLoading title={pageTitle} label={label} />;
}

/**
 * /compra/programa/{id} (logged in, inside the shell): the program checkout. Hidden behind a
 * loader until the user, the preview, the checkout provider and (for the card) the card form are
 * ready. On the way, in the order the spec gives them: the country gate (Argentina only), the
 * already-purchased dialog, the preview's error dialogs, the sale window. Then the checkout itself
 * (program-checkout.tsx).
 */
export default function ProgramCheckoutPage() {
  usePageTitle(pageTitle);
  const checkout = useProgramCheckout();
  const { id, entry, user, preview, provider, cardCheckout, sdk, locked } = checkout;

  if (checkout.outside) return <Navigate to={plansPath} replace state={entry ? { entry } : undefined} />;
  if (user.isError) return <UserDataErrorDialog />;
  if (user.isPending) return <Loading />;
  if (awaitsCountry(user.data)) return <Loading label={awaitingCountryLabel} />;
  if (!locked && checkout.owned) {
    return (
      <>
        <Loading />
        <RuleDialog dialog={alreadyPurchasedDialog(id)} />
      </>
    );
  }
  const program = preview.data;
  if (!program) {
    if (preview.isError && !checkout.promoRefused) {
      return (
        <>
          <Loading />
          <RuleDialog
            dialog={previewErrorDialog(preview.error, id)}
            onStay={() => checkout.setPromoCode(null)}
          />
        </>
      );
    }
    return <Loading />;
  }
  const closed = locked ? null : saleClosedDialog(program);
  if (closed) {
    return (
      <>
        <Loading />
        <RuleDialog dialog={closed} />
      </>
    );
  }
  if (provider.isPending) return <Loading />;
  if (cardCheckout && sdk.status === 'error')
    return <CardFormLoadError title={pageTitle} onRetry={sdk.retry} />;
  if (cardCheckout && sdk.status !== 'ready') return <Loading />;

  return <ProgramCheckout checkout={checkout} program={program} />;
}

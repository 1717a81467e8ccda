import { useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { asNavigationState } from '../../lib/entry-params';
import { formatMoney } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { useIsLoggedIn } from '../../lib/use-session';
import { AuthScreen } from '../../shared/auth/auth-screen';
import { IdentificationStep, type UserCase } from '../../shared/auth/identification-step';
import { programCheckoutPath } from '../../shared/catalogue/program-rules';
import { useProgramPreview } from '../../shared/checkout/program-checkout-api';

/**
 * /compra/programa/identificacion/{id}: register (default) or log in before the program checkout,
 * with the same forms as the subscription identification step. Once the session starts (directly
 * or right after registering, source 'checkout') the page moves on to /compra/programa/{id} with
 * the entry parameters; a logged-in visitor is forwarded at once.
 */
export default function ProgramIdentificationPage() {
  usePageTitle('Identificate para comprar');
  const { id = '' } = useParams();
  const location = useLocation();
  const { entry } = asNavigationState(location.state);
  const loggedIn = useIsLoggedIn();
  const [userCase, setUserCase] = useState<UserCase>('REGISTER');
  // Without a session the server knows the visitor only by what the app passed (spec §7).
  const preview = useProgramPreview(id, entry?.promoCode ?? null, !loggedIn, {
    isSubscribed: entry?.isSubscribed,
    countryCode: entry?.countryCode,
  });

  if (!id) return <Navigate to="/" replace />;
  if (loggedIn) {
    return <Navigate to={programCheckoutPath(id)} replace state={entry ? { entry } : undefined} />;
  }

  const program = preview.data;
  return (
    <AuthScreen
      title={
        userCase === 'REGISTER' ? 'Creá tu cuenta para comprar el programa' : 'Iniciá sesión para comprar'
      }
      subtitle={
        program ? (
          <>
            Elegiste <strong>{program.name}</strong> ({formatMoney(program.price)}
            {program.installments >= 2 ? `, hasta en ${program.installments} cuotas` : ''}).
          </>
        ) : (
          'Con tu cuenta de Alcancía seguís con la compra del programa.'
        )
      }
    >
      <IdentificationStep userCase={userCase} onUserCaseChange={setUserCase} />
    </AuthScreen>
  );
}

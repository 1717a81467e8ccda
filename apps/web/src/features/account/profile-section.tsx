import { usePageTitle } from '../../lib/use-page-title';
import { useCurrentUser } from '../../shared/account/account-queries';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/feedback';
import { useAccountSecurity } from './account-api';
import { EmailChange } from './email-change';
import { PasswordChange } from './password-change';
import { ProfileForm } from './profile-form';

/** /mi-cuenta: Datos (name, phone, country, e-mail change, password change). */
export default function ProfileSection() {
  usePageTitle('Mis datos');
  const user = useCurrentUser();
  const security = useAccountSecurity();

  return (
    <section className="account-section" aria-labelledby="account-profile-title">
      <h2 id="account-profile-title">Datos</h2>
      {user.isPending && <Spinner label="Cargando tus datos…" />}
      {user.isError && (
        <Banner tone="danger">
          No pudimos cargar tus datos.{' '}
          <Button variant="link" onClick={() => void user.refetch()}>
            Intentar de nuevo
          </Button>
        </Banner>
      )}
      {user.data && (
        <>
          <section className="account-card" aria-labelledby="account-personal-title">
            <h3 id="account-personal-title">Datos personales</h3>
            <ProfileForm key={user.data.id} user={user.data} />
          </section>
          <EmailChange user={user.data} />
          <PasswordChange hasPassword={security.data?.hasPassword} />
        </>
      )}
    </section>
  );
}

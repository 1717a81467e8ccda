/**
 * The Ley 25.326 notice wherever personal data is asked for (issue 28, decision 0141): what the
 * data is for, her rights of access, rectification and deletion and how to use them, and the AAIP
 * as the authority (its legend per Disp. 10/2008, in plain words).
 */
export function PrivacyNotice({ className }: { className?: string }) {
  return (
    <p className={className ? `privacy-notice ${className}` : 'privacy-notice'}>
      <strong>Tus datos personales.</strong> Los usamos solo para tu cuenta, tus compras y tus avisos (Ley
      25.326 de Protección de los Datos Personales). Podés pedir gratis el acceso a tus datos, corregirlos o
      que los borremos desde Mi cuenta o escribiendo a{' '}
      <a href="mailto:ayuda@alcancia.com.ar">ayuda@alcancia.com.ar</a>. La Agencia de Acceso a la Información
      Pública (AAIP), órgano de control de la Ley 25.326, atiende las denuncias y reclamos por el
      incumplimiento de las normas de protección de datos personales.
    </p>
  );
}

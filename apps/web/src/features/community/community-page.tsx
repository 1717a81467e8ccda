import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { track } from '../../lib/analytics';
import { apiRequest } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { useServiceControl } from '../../shared/account/account-queries';
import { Spinner } from '../../ui/feedback';
import './community.css';
import { academyPath, plansPath } from '../../lib/paths';
import { Banner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';

/**
 * /comunidad: the community in a frame. COMMUNITY off → home; no access (the server decides:
 * a plan with COMMUNITY or private-community access) → the subscription plans.
 */
export default function CommunityPage() {
  usePageTitle('Comunidad');
  const control = useServiceControl('COMMUNITY');
  const enabled = control.data?.enabled === true;
  const access = useQuery({
    queryKey: ['community', 'access'],
    queryFn: ({ signal }) => apiRequest<{ withAccess: boolean }>('/community/check-access', { signal }),
    enabled,
    staleTime: 5 * 60 * 1000,
  });
  const withAccess = access.data?.withAccess === true;
  const community = useQuery({
    queryKey: ['community', 'url'],
    queryFn: ({ signal }) => apiRequest<{ url: string }>('/community', { signal }),
    enabled: enabled && withAccess,
    staleTime: 5 * 60 * 1000,
  });

  useEffect(() => {
    if (community.data) track('community_home_view');
  }, [community.data]);

  if (control.isPending) return <Spinner label="Cargando la comunidad…" />;
  if (!enabled) return <Navigate to="/" replace />;
  if (access.isPending) return <Spinner label="Cargando la comunidad…" />;
  if (access.isError)
    return <CommunityProblem text={access.error.message} retry={() => void access.refetch()} />;
  if (!withAccess) return <Navigate to={plansPath} replace />;
  if (community.isPending) return <Spinner label="Cargando la comunidad…" />;
  if (community.isError)
    return <CommunityProblem text={community.error.message} retry={() => void community.refetch()} />;
  return (
    <div className="community">
      <h1 className="visually-hidden">Comunidad</h1>
      <iframe className="community-frame" title="Comunidad de Alcancía" src={community.data.url} />
    </div>
  );
}

/** The community could not be opened: why, and the ways on. */
function CommunityProblem({ text, retry }: { text: string; retry(): void }) {
  return (
    <div className="community-problem">
      <Banner tone="danger" title="No pudimos abrir la comunidad">
        <p>{text}</p>
      </Banner>
      <div className="community-problem-actions">
        <Button onClick={retry}>Reintentar</Button>
        <ButtonLink variant="plain" to={academyPath}>
          Ir a la Academia
        </ButtonLink>
      </div>
    </div>
  );
}

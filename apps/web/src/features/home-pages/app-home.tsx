import { useEffect, useMemo } from 'react';
import { track } from '../../lib/analytics';
import { usePageTitle } from '../../lib/use-page-title';
import { useCurrentUser } from '../../shared/account/account-queries';
import { StoreButtons } from '../../shared/account/store-buttons';
import { qrMatrix, qrPath } from './qr-code';
import './home-pages.css';

export type Vertical = 'news' | 'pfm';

const content: Record<Vertical, { title: string; event: string; lead: string; points: string[] }> = {
  news: {
    title: 'Novedades',
    event: 'news_home_view',
    lead: 'Las novedades de Alcancía llegan primero a la app: noticias, consejos y lo nuevo de la academia.',
    points: [
      'Noticias de economía explicadas sin vueltas',
      'Avisos de clases en vivo y nuevos cursos',
      'Consejos semanales para tus finanzas',
    ],
  },
  pfm: {
    title: 'Mis Cuentas',
    event: 'pfm_home_view',
    lead: 'Con Mis Cuentas ordenás tus ingresos y gastos desde el celular y seguís tus metas de ahorro.',
    points: [
      'Registrá ingresos y gastos en segundos',
      'Armá presupuestos por categoría',
      'Seguí tus metas de ahorro',
    ],
  },
};

/** The QR code of a link, drawn as SVG (no image request, sharp at any size). */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { path, size } = useMemo(() => {
    const matrix = qrMatrix(value);
    return { path: qrPath(matrix), size: matrix.length + 8 };
  }, [value]);
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      width={180}
      height={180}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#1f1a24" />
    </svg>
  );
}

/**
 * /novedades/ and /misCuentas/: "Hola {name}" and the download-the-app promotion with a QR code
 * that opens /scan/{vertical} on the phone (which goes on to the app store).
 */
export function AppHomePage({ vertical }: { vertical: Vertical }) {
  const text = content[vertical];
  usePageTitle(text.title);
  const user = useCurrentUser();
  useEffect(() => {
    track(text.event);
  }, [text.event]);
  const scanUrl = `${window.location.origin}/scan/${vertical}`;
  return (
    <div className="app-home">
      <header className="page-header">
        <div className="page-header-titles">
          <h1 className="page-title">{user.data ? `Hola ${user.data.name}` : 'Hola'}</h1>
          <p className="page-greeting">{text.title}</p>
        </div>
      </header>
      <section className="app-promo" aria-labelledby="app-promo-title">
        <div className="app-promo-text">
          <h2 id="app-promo-title">Descargá la app de Alcancía</h2>
          <p>{text.lead}</p>
          <ul>
            {text.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          <StoreButtons onChoose={(store) => track(`${vertical}_home_store_click`, { store })} />
        </div>
        <figure className="app-promo-qr">
          <QrCode value={scanUrl} label={`Código QR para descargar la app (${scanUrl})`} />
          <figcaption>Escaneá el código con la cámara de tu celular.</figcaption>
        </figure>
      </section>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { type IdentificationType, loadMercadoPago, type MercadoPagoInstance } from './mercadopago';

/** Document types offered when Mercado Pago cannot list them (Argentina's usual ones). */
export const fallbackDocumentTypes: IdentificationType[] = [
  { id: 'DNI', name: 'DNI', type: 'number', min_length: 7, max_length: 8 },
  { id: 'CI', name: 'Cédula', type: 'number', min_length: 1, max_length: 9 },
  { id: 'LC', name: 'L.C.', type: 'number', min_length: 6, max_length: 7 },
  { id: 'LE', name: 'L.E.', type: 'number', min_length: 6, max_length: 7 },
  { id: 'Otro', name: 'Otro', type: 'number', min_length: 5, max_length: 20 },
];

export type CardFormReadiness =
  | { status: 'loading' }
  | { status: 'ready'; mp: MercadoPagoInstance; documentTypes: IdentificationType[] }
  | { status: 'error'; retry(): void };

/**
 * Loads MercadoPago.js (only where this hook runs: the checkout pages) and the document types the
 * card form offers. Ready means the card form can be shown.
 */
export function useMercadoPago(enabled = true): CardFormReadiness {
  const [state, setState] = useState<CardFormReadiness>({ status: 'loading' });
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is how retry() asks for a new load
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    setState({ status: 'loading' });
    loadMercadoPago()
      .then(async (mp) => {
        let documentTypes = fallbackDocumentTypes;
        try {
          const listed = await mp.getIdentificationTypes();
          if (Array.isArray(listed) && listed.length > 0) documentTypes = listed;
        } catch {
          // the usual Argentine types are enough to tokenize
        }
        if (active) setState({ status: 'ready', mp, documentTypes });
      })
      .catch((error: unknown) => {
        console.warn('No se pudo cargar Mercado Pago.', error);
        if (active) setState({ status: 'error', retry: () => setRound((n) => n + 1) });
      });
    return () => {
      active = false;
    };
  }, [enabled, round]);

  return state;
}

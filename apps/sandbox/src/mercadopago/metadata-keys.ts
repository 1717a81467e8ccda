// Mercado Pago stores payment metadata with its keys converted to snake_case: a payment created with
// `metadata: { orderId: 7 }` comes back with `metadata: { order_id: 7 }`. The emulator does the
// same, so code that reads metadata back works the same against the real service.
export function snakeCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const snake = key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
    out[snake] = snakeCaseKeys(inner);
  }
  return out;
}

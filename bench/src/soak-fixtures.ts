import type pg from 'pg';
import { hashPassword } from '../../apps/api/src/modules/auth/password-hashing';
import type { Settings } from './settings';
import { mintAccessToken } from './tokens';

/** The password the soak gives its login users (the generated data set has none). */
export const soakPassword = 'Soak-Password-2026';

export interface SoakFixtures {
  /** users who log in with e-mail and password */
  loginUsers: { email: string }[];
  /** users who own nothing yet, each buying programs one after another */
  buyers: { userId: string; token: string }[];
  /** programs on sale by card (Mercado Pago), open to everyone */
  programs: { id: string; maxInstallments: number }[];
}

/**
 * Users and programs for the soak's logins and checkouts, on top of the bench's fixtures: gives
 * `logins` users a real argon2 hash of `soakPassword` (computed once by the API's own function),
 * picks buyers without any purchase and the programs a card checkout can sell.
 */
export async function loadSoakFixtures(
  client: pg.Client,
  settings: Settings,
  sizes: { logins: number; buyers: number },
): Promise<SoakFixtures> {
  const { logins } = sizes;
  const loginRows = await client.query<{ id: string; email: string }>(
    `select id, email from users order by md5(id::text || 'soak-login' || $1) limit $2`,
    [settings.seed, logins],
  );
  await client.query('update users set password_hash = $1 where id = any($2::uuid[])', [
    await hashPassword(soakPassword),
    loginRows.rows.map((r) => r.id),
  ]);
  const buyers = await client.query<{ id: string }>(
    `select u.id from users u
      where u.country_code = 'AR' and u.email_verified_at is not null
        and not exists (select 1 from user_purchases p where p.user_id = u.id)
        and not exists (select 1 from payment_orders o where o.user_id = u.id)
      order by md5(u.id::text || 'soak-buyer' || $1) limit $2`,
    [settings.seed, sizes.buyers],
  );
  const programs = await client.query<{ id: string; max_installments: number }>(
    `select id, max_installments from courses
      where kind = 'PROGRAM' and published and price_centavos is not null and audience = 'ALL'
        and checkout_provider = 'MP'
        and saleable_start_date <= current_date and saleable_end_date >= current_date
      order by id`,
  );
  if (!loginRows.rows.length || !buyers.rows.length || !programs.rows.length)
    throw new Error('the soak database has no users to log in, no buyers or no program on sale');
  return {
    loginUsers: loginRows.rows.map((r) => ({ email: r.email })),
    buyers: buyers.rows.map((r) => ({ userId: r.id, token: mintAccessToken(settings.jwtSecret, r.id) })),
    programs: programs.rows.map((r) => ({ id: r.id, maxInstallments: r.max_installments })),
  };
}

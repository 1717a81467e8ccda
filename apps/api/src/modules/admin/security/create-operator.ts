import { emailSchema } from '@alcancia/contract';
import { type OperatorRole, operatorRoles } from '@alcancia/contract/admin';
import { eq, sql } from 'drizzle-orm';
import encodeQR from 'qr';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { auditLog, users } from '../../../db/schema';
import { newTotpSecret, otpauthUriOf } from '../../auth/operator-totp';
import { replaceRecoveryCodes } from '../../auth/recovery-codes';
import { revokeAllSessions } from '../../auth/sessions';
import { secretBoxFor } from '../../auth/totp-secrets';

export class OperatorInputError extends Error {}

export interface CreatedOperator {
  email: string;
  role: OperatorRole;
  /** a new account (she sets her password with "¿Olvidaste tu contraseña?") */
  created: boolean;
  secret: string;
  otpauthUri: string;
  recoveryCodes: string[];
}

/**
 * `npm run admin:create -- <email> <role>` (issue 18): makes an operator on a real deployment. An
 * existing account gets the role; otherwise a verified account without a password is created. In
 * both cases she gets a new second factor and 10 recovery codes (shown once, by the caller), and
 * every session of hers ends, so the next one starts with the second factor. Written to the audit
 * log as done by the command line.
 */
export async function createOperator(
  db: Database,
  config: Config,
  input: { email: string | undefined; role: string | undefined },
): Promise<CreatedOperator> {
  const email = emailSchema.safeParse(input.email ?? '');
  if (!email.success) throw new OperatorInputError(`El correo "${input.email ?? ''}" no es válido.`);
  const role = operatorRoles.find((r) => r === input.role);
  if (!role) {
    throw new OperatorInputError(`El rol "${input.role ?? ''}" no existe: usá ${operatorRoles.join(', ')}.`);
  }
  const secret = newTotpSecret();
  const sealed = secretBoxFor(config).seal(secret);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, role: users.role, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.email, email.data))
      .for('update');
    if (existing?.deletedAt) throw new OperatorInputError('Esa cuenta fue eliminada: usá otro correo.');
    const values = {
      role,
      totpSecret: sealed,
      totpPendingSecret: null,
      totpEnabledAt: new Date(),
      totpLastStep: null,
    };
    let userId: string;
    if (existing) {
      userId = existing.id;
      await tx
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      await revokeAllSessions(tx, userId);
    } else {
      const [row] = await tx
        .insert(users)
        .values({
          ...values,
          email: email.data,
          name: email.data.split('@')[0] ?? email.data,
          emailVerifiedAt: new Date(),
          origin: 'operator',
        })
        .returning({ id: users.id });
      if (!row) throw new Error('operator not inserted');
      userId = row.id;
    }
    const recoveryCodes = await replaceRecoveryCodes(tx, config, userId);
    await tx.insert(auditLog).values({
      actorId: null,
      actorEmail: 'npm run admin:create',
      actorRole: 'cli',
      action: existing ? 'operator.role_set' : 'operator.create',
      targetType: 'operator',
      targetId: userId,
      before: existing ? { role: existing.role } : null,
      after: { email: email.data, role, secondFactor: 'new' },
    });
    return {
      email: email.data,
      role,
      created: !existing,
      secret,
      otpauthUri: otpauthUriOf(email.data, secret),
      recoveryCodes,
    };
  });
}

/** What the command prints, once: the QR for the terminal, the secret, the recovery codes. */
export function operatorCreatedText(result: CreatedOperator, publicUrl: string): string {
  return [
    `${result.created ? 'Operadora creada' : 'Rol asignado'}: ${result.email} (${result.role}).`,
    '',
    'Segundo factor: escaneá este QR con una aplicación de autenticación (o cargá la clave a mano).',
    encodeQR(result.otpauthUri, 'term'),
    `Clave: ${result.secret}`,
    `URI: ${result.otpauthUri}`,
    '',
    'Códigos de recuperación (cada uno sirve una vez; guardalos en un lugar seguro):',
    ...result.recoveryCodes.map((code) => `  ${code}`),
    '',
    result.created
      ? `Para la contraseña: en ${publicUrl}/login, "¿Olvidaste tu contraseña?" con este correo.`
      : 'Sus sesiones abiertas se cerraron: el próximo ingreso pide el código de la aplicación.',
    'Esta es la única vez que se muestran la clave y los códigos.',
  ].join('\n');
}

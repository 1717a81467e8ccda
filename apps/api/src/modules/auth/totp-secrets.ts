import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import { resolveJwtSecret } from '../../plugins/authentication';

/**
 * Operators' TOTP secrets at rest (issue 18, decision 64): AES-256-GCM with a key derived from
 * JWT_SECRET, so a copy of the database (a backup, an export) does not carry working second
 * factors. Sealed text: `v1.<iv>.<tag>.<ciphertext>`, base64url. A new JWT_SECRET leaves them
 * unreadable: operators are enrolled again (`npm run admin:create`).
 */
export interface SecretBox {
  seal(secret: string): string;
  /** null when the text was not sealed with this key (or is damaged) */
  open(sealed: string): string | null;
}

const boxes = new WeakMap<Config, SecretBox>();

export function secretBoxFor(config: Config): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    box = createSecretBox(resolveJwtSecret(config));
    boxes.set(config, box);
  }
  return box;
}

export function createSecretBox(jwtSecret: Uint8Array): SecretBox {
  const key = createHmac('sha256', jwtSecret).update('operator-totp-secrets').digest();
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

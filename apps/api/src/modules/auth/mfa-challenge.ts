import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config';
import { resolveJwtSecret } from '../../plugins/authentication';

/**
 * The `mfaToken` of an operator's login (issue 18): proof that her password was right, good for
 * 5 minutes and only at POST /users/login/mfa. Its own key (derived from JWT_SECRET) and `typ`,
 * so it can never pass as an access token, nor an access token as one of these.
 */
const ttlSeconds = 300;
const keys = new WeakMap<Config, Uint8Array>();

function keyOf(config: Config): Uint8Array {
  let key = keys.get(config);
  if (!key) {
    key = new Uint8Array(createHmac('sha256', resolveJwtSecret(config)).update('mfa-challenge').digest());
    keys.set(config, key);
  }
  return key;
}

export function signMfaChallenge(config: Config, userId: string): Promise<string> {
  return new SignJWT({ typ: 'mfa' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(keyOf(config));
}

/** The user id of a valid, unexpired challenge, else null. */
export async function verifyMfaChallenge(config: Config, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(config), { algorithms: ['HS256'] });
    return payload.typ === 'mfa' && typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

/**
 * The proof a second-factor re-enrolment carries from its start to its confirmation (issue 29):
 * her password and current factor were checked for this pending secret, within 10 minutes. Its
 * own key and `typ`, like the challenge; `pnd` binds it to the one pending secret it started.
 */
const enrolmentTtlSeconds = 600;
const enrolmentKeys = new WeakMap<Config, Uint8Array>();

function enrolmentKeyOf(config: Config): Uint8Array {
  let key = enrolmentKeys.get(config);
  if (!key) {
    key = new Uint8Array(createHmac('sha256', resolveJwtSecret(config)).update('totp-enrolment').digest());
    enrolmentKeys.set(config, key);
  }
  return key;
}

const pendingTag = (sealedPending: string) =>
  createHmac('sha256', 'totp-pending').update(sealedPending).digest('base64url');

export function signEnrolmentProof(config: Config, userId: string, sealedPending: string): Promise<string> {
  return new SignJWT({ typ: 'totp-enrol', pnd: pendingTag(sealedPending) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(`${enrolmentTtlSeconds}s`)
    .sign(enrolmentKeyOf(config));
}

/** True when `token` proves a start, for this operator and this pending secret, still in time. */
export async function verifyEnrolmentProof(
  config: Config,
  token: string,
  userId: string,
  sealedPending: string,
): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, enrolmentKeyOf(config), { algorithms: ['HS256'] });
    return (
      payload.typ === 'totp-enrol' && payload.sub === userId && payload.pnd === pendingTag(sealedPending)
    );
  } catch {
    return false;
  }
}

// The IdToken of spec 1 §7: a signed JWT describing the user, for bearer clients that read the
// profile from the token. HS256 with a key derived from the server secret.
import { SignJWT } from 'jose';
import { createHmac } from 'node:crypto';
import { secretKey } from '../../lib/secret-key';
import { DEFAULT_ACCESS_LEVEL } from '../../../lib/constants';

function signingKey(): Uint8Array {
  return createHmac('sha256', secretKey()).update('encore:id-token').digest();
}

export function partnerGroup(partnerId: number): string {
  return `partner-id-${partnerId}`;
}

export async function signIdToken(user: { id: string; email: string; givenName: string; familyName: string; emailVerified: boolean }, partnerIds: number[], ttlSec: number): Promise<string> {
  return new SignJWT({
    email: user.email,
    email_verified: user.emailVerified,
    given_name: user.givenName,
    family_name: user.familyName,
    name: `${user.givenName} ${user.familyName}`,
    'cognito:groups': [DEFAULT_ACCESS_LEVEL, ...partnerIds.map(partnerGroup)],
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer('encore')
    .setIssuedAt()
    .setExpirationTime(`${ttlSec}s`)
    .sign(signingKey());
}

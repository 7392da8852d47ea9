/**
 * HS256 JSON Web Tokens with node:crypto. Hand-rolled (a dozen lines) so the failure messages are
 * exactly the ones the web app recognises: `jwt expired` clears the session (docs/product.md §8).
 * Parsing is strict: each part must be canonical base64url (no padding, no set spare bits), so a
 * token has exactly one spelling.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  /** User id. */
  sub: number;
  name: string;
  /** token_version of the user when the token was issued. */
  tv: number;
  /** The session the token belongs to (services/sessions.ts): the token lives while it does. */
  sid: string;
  iat: number;
  exp: number;
  /** A nonce: two sign-ins in one second get two tokens, so logging one out leaves the other. */
  jti?: string;
}

export const JWT_EXPIRED = 'jwt expired';
export const JWT_INVALID = 'invalid token';

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function signature(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

export function signToken(
  claims: Omit<TokenClaims, 'iat' | 'exp'>,
  secret: string,
  ttlSeconds: number,
  nowMs = Date.now(),
): string {
  const iat = Math.floor(nowMs / 1000);
  const jti = randomBytes(9).toString('base64url');
  const body = b64url(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds, jti }));
  const input = `${HEADER}.${body}`;
  return `${input}.${b64url(signature(input, secret))}`;
}

export class TokenError extends Error {}

/** The bytes of a canonical base64url text: the one spelling that decodes to them. */
function strictDecode(part: string): Buffer {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) throw new TokenError(JWT_INVALID);
  const bytes = Buffer.from(part, 'base64url');
  if (bytes.toString('base64url') !== part) throw new TokenError(JWT_INVALID);
  return bytes;
}

/** Returns the claims of a valid token; throws TokenError(`jwt expired` | `invalid token`). */
export function verifyToken(token: string, secret: string, nowMs = Date.now()): TokenClaims {
  const parts = token.split('.');
  if (parts.length !== 3) throw new TokenError(JWT_INVALID);
  const [header, body, sig] = parts as [string, string, string];
  const headerBytes = strictDecode(header);
  const bodyBytes = strictDecode(body);
  const expected = signature(`${header}.${body}`, secret);
  const given = strictDecode(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new TokenError(JWT_INVALID);
  let claims: Partial<TokenClaims>;
  try {
    const h = JSON.parse(headerBytes.toString('utf8'));
    if (h?.alg !== 'HS256') throw new Error('alg');
    claims = JSON.parse(bodyBytes.toString('utf8'));
  } catch {
    throw new TokenError(JWT_INVALID);
  }
  if (
    typeof claims.sub !== 'number' ||
    typeof claims.exp !== 'number' ||
    typeof claims.tv !== 'number' ||
    typeof claims.sid !== 'string' ||
    typeof claims.name !== 'string'
  ) {
    throw new TokenError(JWT_INVALID);
  }
  if (claims.exp * 1000 <= nowMs) throw new TokenError(JWT_EXPIRED);
  return claims as TokenClaims;
}

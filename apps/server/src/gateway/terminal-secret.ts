import { randomBytes } from 'node:crypto';
import { verifyPassword } from '../platform/passwords.ts';
import { hashToken, sameHash } from '../platform/tokens.ts';

/**
 * Terminal MQTT secrets are 256-bit random strings issued by the registry, so a SHA-256 of the
 * secret is as strong as a slow hash and lets 10,000 terminals reconnect at once without
 * burning the CPU. An argon2id hash (`$argon2…`) is accepted too, in case a secret was hashed that way.
 */
export const newTerminalSecret = (): string => randomBytes(32).toString('base64url');
export const hashTerminalSecret = (secret: string): string => hashToken(secret);

export async function verifyTerminalSecret(storedHash: string | null, secret: string): Promise<boolean> {
  if (!storedHash || secret.length === 0 || secret.length > 256) return false;
  if (storedHash.startsWith('$argon2')) return verifyPassword(storedHash, secret);
  return sameHash(storedHash, hashToken(secret));
}

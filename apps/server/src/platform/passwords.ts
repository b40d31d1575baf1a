import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with 19 MiB memory, 2 passes, 1 lane (OWASP's 2024 minimum for argon2id):
 * about 20–30 ms a hash on this class of machine, slow enough to hurt an offline attack,
 * fast enough for sign-in p99 well under 100 ms.
 */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string): Promise<string> => hash(plain, OPTIONS);

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummy: Promise<string> | undefined;
export const dummyHash = (): Promise<string> => {
  dummy ??= hashPassword('Dummy#Password1');
  return dummy;
};

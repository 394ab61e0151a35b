import argon2 from 'argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the time of a real verification, so unknown users answer as slowly as known ones. */
  verifyNothing(password: string): Promise<void>;
  /** Whether a hash was made with other settings than those in force (ARGON2_MEMORY_KIB changed since). */
  needsRehash(hash: string): boolean;
}

/** argon2id with OWASP's minimum (19 MiB, 2 passes) unless configured higher. */
export function createPasswordHasher(memoryKib: number): PasswordHasher {
  const options = { type: argon2.argon2id, memoryCost: memoryKib, timeCost: 2, parallelism: 1 } as const;
  // Made on first use: hashing costs argon2's working memory, better not spent at start-up.
  let decoy: Promise<string> | undefined;
  return {
    hash: (password) => argon2.hash(password, options),
    verify: (hash, password) => argon2.verify(hash, password),
    async verifyNothing(password) {
      decoy ??= argon2.hash('decoy password that matches nothing', options);
      await argon2.verify(await decoy, password);
    },
    needsRehash: (hash) => argon2.needsRehash(hash, options),
  };
}

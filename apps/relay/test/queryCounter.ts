import type { PrismaClient } from '../src/generated/prisma/client';

/** A client on the relay's own connection that counts every operation sent through it. */
export interface CountingClient {
  readonly client: PrismaClient;
  /** Operations sent so far: each model call and each raw query (what reaches the database). */
  queries(): number;
}

/** Wraps `prisma` so a step's reads can be counted: build the stores the step uses over `client`. */
export function countingClient(prisma: PrismaClient): CountingClient {
  let queries = 0;
  const client = prisma.$extends({
    query: {
      $allOperations({ args, query }) {
        queries += 1;
        return query(args);
      },
    },
  });
  // The extended client answers every call the relay's stores make; only its static type differs.
  return { client: client as unknown as PrismaClient, queries: () => queries };
}

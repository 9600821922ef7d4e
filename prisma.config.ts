// Prisma CLI configuration. The relay never runs the CLI at start-up: it applies ./prisma/migrations
// itself (offline), so this file serves `prisma generate` and, for those with internet, `prisma migrate`.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/baalda' },
});

import { configDefaults, defineConfig } from 'vitest/config';

// Every test runs on SQLite. With TEST_DATABASE_URL set (CI sets it), the server's tests run a
// second time on PostgreSQL, each test app in a schema of its own (tests/support/server/test-database.ts).
// `include` is set per project only: a project's list is added to the root's, not put in its place.
// A `*.postgres.test.ts` is about PostgreSQL itself (pg_dump, the proxy over a PostgreSQL-backed
// server): it runs only in that project, so a bare `npm test` without the database stays green.
const postgresOnly = '**/*.postgres.test.ts';
const postgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true as const,
        test: {
          name: 'postgres',
          include: ['src/server/**/*.test.ts', 'tests/season/**/*.test.ts', `scripts/${postgresOnly}`],
          env: { ESTADIA_TEST_DB: 'postgres' },
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    // Most server tests wait on a database, a socket or a child process, not on the CPU: three
    // workers on two cores cut the run by about 40 % (docs/performance.md has the step times).
    maxWorkers: 3,
    // A worker keeps its imported modules from one test file to the next: importing the app's
    // graph for each of the 160 files cost a third of the run's CPU. The tests share no module
    // state: each builds its app on a database of its own, and none mocks a module or the env.
    isolate: false,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/season/**/*.test.ts'],
          exclude: [...configDefaults.exclude, postgresOnly],
        },
      },
      ...postgres,
    ],
  },
});

import { defineConfig } from 'vitest/config';

/**
 * The vitest settings every service workspace shares (like tsconfig.base.json): node, its `test/` folder, and timeouts that
 * allow for real PostgreSQL and Redis on a busy two-core machine.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

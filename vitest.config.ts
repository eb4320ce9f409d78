import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Integration tests share one PostgreSQL database when DATABASE_URL is set.
    fileParallelism: false,
    setupFiles: ["tests/support/fail-on-console-error.ts"],
  },
});

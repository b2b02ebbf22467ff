import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'tests/domain/**/*.test.ts',
            'tests/machines/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'tests/stage/**/*.test.ts',
          ],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/web-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['domain/**/*.ts', 'machines/**/*.ts', 'server/**/*.ts', 'src/**/*.{ts,tsx}'],
      exclude: ['server/main.ts', 'server/db/migrate-cli.ts', 'src/main.tsx', '**/*.d.ts'],
      reporter: ['text-summary', 'json-summary'],
      // Issue 3: the rules and the machines stay above 90% of lines; npm test fails below.
      thresholds: {
        'domain/**/*.ts': { lines: 90 },
        'machines/**/*.ts': { lines: 90 },
      },
    },
  },
});

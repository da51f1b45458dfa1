import { describe, expect, it } from 'vitest';
import { playwrightFileTimes, vitestFileTimes } from './slowest-files.js';

describe('the slowest test files', () => {
  it("sums a vitest file's time over its projects", () => {
    const times = vitestFileTimes(
      {
        testResults: [
          { name: '/repo/src/a.test.ts', startTime: 1_000, endTime: 4_000 },
          { name: '/repo/src/a.test.ts', startTime: 5_000, endTime: 6_500 },
          { name: '/repo/src/b.test.ts', startTime: 0, endTime: 500 },
        ],
      },
      '/repo',
    );
    expect(times).toEqual([
      { file: 'src/a.test.ts', seconds: 4.5 },
      { file: 'src/b.test.ts', seconds: 0.5 },
    ]);
  });

  it("sums a browser spec's tests, nested describes and projects included", () => {
    const result = (ms: number) => ({ results: [{ duration: ms }] });
    const times = playwrightFileTimes([
      {
        file: 'a.spec.ts',
        specs: [{ tests: [result(2_000), result(3_000)] }],
        suites: [{ file: 'a.spec.ts', specs: [{ tests: [result(1_000)] }] }],
      },
    ]);
    expect(times).toEqual([{ file: 'tests/e2e/a.spec.ts', seconds: 6 }]);
  });
});

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rules that keep the client's features apart, and the test helpers by runner
// (eslint.config.js), run on real files of the tree with one import added: a new cross-feature
// import, or a vitest helper importing a Playwright one, must fail `npm test`.
const eslint = new ESLint();

async function problems(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const used = [x];\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('client boundaries', () => {
  it('refuses a feature importing another feature', async () => {
    expect(
      await problems('src/client/features/login/probe.tsx', "import { x } from '../reviews/reviews-section';"),
    ).toEqual([expect.stringContaining('A feature never imports another: compose them in src/client/app.')]);
  });

  it('refuses a feature importing app/, and ui/ or lib/ importing a feature', async () => {
    expect(await problems('src/client/features/hero/probe.tsx', "import { x } from '../../app/islands';")).toHaveLength(
      1,
    );
    expect(
      await problems('src/client/ui/probe.tsx', "import { x } from '../features/hero/hero-section';"),
    ).toHaveLength(1);
    expect(await problems('src/client/lib/probe.ts', "import { x } from '../app/islands';")).toHaveLength(1);
  });

  it('lets a feature import its own folder, ui/, lib/, i18n/ and shared/, and app/ import features', async () => {
    for (const line of [
      "import { x } from './hero-section';",
      "import { x } from '../../ui/section';",
      "import { x } from '../../lib/api';",
      "import { x } from '../../i18n/locale';",
      "import { x } from '../../../shared/dates';",
    ])
      expect(await problems('src/client/features/hero/probe.tsx', line)).toEqual([]);
    expect(await problems('src/client/app/probe.tsx', "import { x } from '../features/hero/hero-section';")).toEqual(
      [],
    );
  });
});

describe('test support boundaries', () => {
  it('refuses a vitest helper importing a Playwright one, and the fixtures importing either', async () => {
    expect(await problems('tests/support/server/probe.ts', "import { x } from '../browser/built-server.js';")).toEqual([
      expect.stringContaining('tests/support/server serves vitest'),
    ]);
    expect(
      await problems('tests/support/fixtures/probe.ts', "import { x } from '../server/free-port.js';"),
    ).toHaveLength(1);
    expect(
      await problems('tests/support/fixtures/probe.ts', "import { x } from '../browser/date-picker.js';"),
    ).toHaveLength(1);
  });

  it('lets a Playwright helper import a vitest one, and either import the fixtures', async () => {
    expect(await problems('tests/support/browser/probe.ts', "import { x } from '../server/smtp-sink.js';")).toEqual([]);
    expect(
      await problems('tests/support/server/probe.ts', "import { x } from '../fixtures/calendar-feeds.js';"),
    ).toEqual([]);
  });
});

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureOrder, layerProblems, readFeatureOrder, serverImports } from './server-layers.js';

// Dependencies run one way in src/server (docs/decisions/0067-dependencies-run-one-way.md): the
// order of src/server/features.ts is the order of the layers, with no exception list.
const SERVER = join(import.meta.dirname, '..', 'src', 'server');

describe('the server layers', () => {
  it('has no import from a feature to one above it, nor to a folder features.ts does not list', () => {
    const order = readFeatureOrder(join(SERVER, 'features.ts'));
    expect(order.length).toBeGreaterThan(10);
    expect(layerProblems(serverImports(SERVER), order)).toEqual([]);
  });

  it('reads the order from the plugins features.ts imports', () => {
    expect(
      featureOrder(
        "import { a } from './settings/plugin.js';\nimport { b } from './lib/x.js';\nimport { c } from './audit/plugin.js';\n",
      ),
    ).toEqual(['settings', 'audit']);
  });

  it('names the file, the import and where to compose for an import up the layers', () => {
    const order = ['settings', 'payments', 'bookings'];
    const up = { from: 'payments/settle.ts', specifier: '../bookings/lifecycle.js', to: 'bookings/lifecycle.ts' };
    expect(layerProblems([up], order)).toEqual([
      expect.stringMatching(
        /^payments\/settle\.ts imports '\.\.\/bookings\/lifecycle\.js': bookings\/ is above payments\/.*register a callback from bookings\/plugin\.ts/,
      ),
    ]);
    const unlisted = { from: 'payments/a.ts', specifier: '../elsewhere/b.js', to: 'elsewhere/b.ts' };
    const foundationUp = { from: 'jobs/sweep.ts', specifier: '../settings/s.js', to: 'settings/s.ts' };
    const root = { from: 'settings/a.ts', specifier: '../app.js', to: 'app.ts' };
    expect(layerProblems([unlisted, foundationUp, root], order)).toHaveLength(3);
  });

  it('lets a feature import its own folder, the features below it and the foundation', () => {
    const order = ['settings', 'payments', 'bookings'];
    const fine = [
      { from: 'bookings/a.ts', specifier: './b.js', to: 'bookings/b.ts' },
      { from: 'bookings/a.ts', specifier: '../payments/p.js', to: 'payments/p.ts' },
      { from: 'payments/p.ts', specifier: '../db/database.js', to: 'db/database.ts' },
      { from: 'payments/p.ts', specifier: '../config.js', to: 'config.ts' },
      { from: 'app.ts', specifier: './bookings/a.js', to: 'bookings/a.ts' },
    ];
    expect(layerProblems(fine, order)).toEqual([]);
  });
});

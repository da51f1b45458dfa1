import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, sourceFiles } from './import-graph.js';

// No two files of src/ import each other, however far round (docs/decisions/0067-dependencies-run-one-way.md):
// a circle has no bottom to read it from, and no order to load it in.
const ROOT = join(import.meta.dirname, '..');

describe('imports in src/', () => {
  it('run in no circle', () => {
    expect(cycles(sourceFiles(join(ROOT, 'src')), ROOT)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { ensureTestTools, testTools } from './test-tools.js';

const tool = (name: string, present: boolean) => ({ package: name, for: `the ${name} tests`, present: () => present });

describe('the tools npm test needs', () => {
  it('names each missing one and the one command that installs them, and runs nothing, when not root', () => {
    const lines: string[] = [];
    const ok = ensureTestTools([tool('caddy', false), tool('openssl', true), tool('spamassassin', false)], {
      root: false,
      log: (line: string) => lines.push(line),
    });
    expect(ok).toBe(false);
    expect(lines).toEqual([
      'Missing caddy, for the caddy tests.',
      'Missing spamassassin, for the spamassassin tests.',
      'Install them first, as root: apt-get install -y caddy spamassassin',
    ]);
  });

  it('goes on, saying nothing, when everything is there', () => {
    const lines: string[] = [];
    expect(ensureTestTools([tool('caddy', true)], { root: false, log: (line) => lines.push(line) })).toBe(true);
    expect(lines).toEqual([]);
  });

  it('asks for no Chromium package when CHROME_PATH chooses the browser', () => {
    const packages = (env: NodeJS.ProcessEnv) => testTools(env).map((t) => t.package);
    expect(packages({})).toEqual(expect.arrayContaining(['chromium', 'chromium-headless-shell', 'caddy']));
    expect(packages({ CHROME_PATH: '/opt/chrome' })).not.toContain('chromium');
    expect(packages({ CHROME_PATH: '/opt/chrome' })).toContain('default-jre-headless');
  });

  it('finds every package .ci/run used to install on this machine', () => {
    // The machine the suite runs on has them all: CI and the sessions install them first.
    expect(
      testTools({})
        .filter((t) => !t.present())
        .map((t) => t.package),
    ).toEqual([]);
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import { BROWSER_FIX, BROWSER_PATH, browserIsThere } from '../browser-path.js';
import { errorMessage } from '../../src/shared/error-message.js';

// Quiet, reproducible headless runs: no GPU in this container, no sandbox as it may run as root,
// and no background traffic (updates, sync, QUIC probes) competing with the page being measured.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];

export interface BenchmarkChrome {
  port: number;
  path: string;
  version: string;
  stop: () => Promise<void>;
}

// Headless Chrome reports a reduced user agent (156.0.0.0), so the full version comes from the binary.
function browserVersion(path: string): string {
  try {
    return execFileSync(path, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
    }).trim();
  } catch {
    return 'unknown version';
  }
}

/** Launches the system Chromium (never a downloaded one) with a fresh, temporary profile. */
export async function launchChrome(): Promise<BenchmarkChrome> {
  const path = BROWSER_PATH;
  // chrome-launcher does not listen for its child's spawn error, so a missing browser would
  // crash the process with an unhandled 'error' event instead of failing here.
  if (!browserIsThere(path))
    throw new Error(`Chrome could not launch: ${path} is not an executable file: ${BROWSER_FIX}`);
  const version = browserVersion(path);
  const userDataDir = mkdtempSync(join(tmpdir(), 'estadia-lighthouse-chrome-'));
  try {
    // handleSIGINT off: chrome-launcher would otherwise exit the process on Ctrl-C before our
    // own clean-up has stopped the server and removed the temporary folders.
    const chrome = await launch({
      chromePath: path,
      chromeFlags: CHROME_FLAGS,
      userDataDir,
      handleSIGINT: false,
      logLevel: 'silent',
    });
    const closed = new Promise<void>((resolve) => {
      if (chrome.process.exitCode !== null || chrome.process.signalCode !== null) resolve();
      else chrome.process.once('close', () => resolve());
    });
    return {
      port: chrome.port,
      path,
      version,
      stop: async () => {
        chrome.kill();
        await closed;
        rmSync(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw new Error(`Chrome could not launch from ${path}: ${errorMessage(error)}`, {
      cause: error,
    });
  }
}

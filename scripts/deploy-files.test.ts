import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config.js';

// deploy/: the env file names every variable the server reads (as the README and .env.example
// do, scripts/readme.test.ts), its set values make a valid configuration, and the systemd unit
// lets the server write only where the env file puts the data and the backups.

const ROOT = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const variables = [...read('src/server/config.ts').matchAll(/^ {4}([A-Z][A-Z0-9_]+): z/gm)].map((m) => m[1]);
const envFile = read('deploy/estadia.env.example');
const setValues = Object.fromEntries(
  [...envFile.matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1], m[2]] as [string, string]),
);

describe('deploy/', () => {
  it('estadia.env.example lists every variable of src/server/config.ts', () => {
    expect(variables.length).toBeGreaterThan(25);
    for (const name of variables) expect(envFile, name).toMatch(new RegExp(`^(# )?${name}=`, 'm'));
  });

  it("estadia.env.example's values are a configuration the server accepts, behind Caddy, on https", () => {
    const config = loadConfig({
      ...setValues,
      ADMIN_PASSWORD_HASH: undefined,
      ADMIN_PASSWORD: 'a long enough password',
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
    });
    expect(config.siteUrl).toBe('https://casa-do-lago.example');
    expect(config.trustProxy).toEqual(['127.0.0.1', '::1']);
    expect(config.siba.service).toBe('production');
    expect(config.stripe?.secretKey).toMatch(/^sk_live_/);
  });

  it('estadia.service may write only the database and backup folders the env file names', () => {
    const unit = read('deploy/estadia.service');
    expect(unit).toContain('ProtectSystem=strict');
    expect(unit).toContain('NoNewPrivileges=yes');
    const writable = /^ReadWritePaths=(.*)$/m.exec(unit)?.[1]?.split(/\s+/);
    expect(writable).toEqual(['/var/lib/estadia', '/var/backups/estadia']);
    expect(setValues.DATABASE_URL).toBe('file:/var/lib/estadia/estadia.sqlite');
    expect(setValues.BACKUP_DIR).toBe('/var/backups/estadia');
    expect(read('deploy/estadia-backup.service')).toContain(`ReadWritePaths=${writable?.join(' ')}`);
  });

  it('the Caddyfile proxies to the port the env file sets, leaving compression to the app', () => {
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toContain(`reverse_proxy {$ESTADIA_UPSTREAMS:127.0.0.1:${setValues.PORT}}`);
    expect(caddyfile).toMatch(/^\{\$ESTADIA_DOMAIN:casa-do-lago\.example\} \{$/m);
    expect(caddyfile).not.toMatch(/^\s*encode\b/m);
  });
});

describe('deploy/Caddyfile', () => {
  it("is a configuration Debian's Caddy accepts", () => {
    const result = spawnSync(
      'caddy',
      ['validate', '--config', join(ROOT, 'deploy/Caddyfile'), '--adapter', 'caddyfile'],
      {
        encoding: 'utf8',
        timeout: 30_000,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.TMPDIR ?? '/tmp',
          XDG_DATA_HOME: process.env.TMPDIR ?? '/tmp',
        },
      },
    );
    expect(result.error).toBeUndefined();
    expect(`${result.stdout}${result.stderr}`).toContain('Valid configuration');
    expect(result.status).toBe(0);
  });
});

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type NginxValues, renderNginxConfig } from '../../scripts/nginx-config.ts';

/** The values of the README's production example. */
const README_EXAMPLE: NginxValues = {
  serverName: 'cricspot.in www.cricspot.in',
  upstreams: ['127.0.0.1:3000', '10.0.0.12:3000', '10.0.0.13:3000'],
  tlsCertificate: '/etc/letsencrypt/live/cricspot.in/fullchain.pem',
  tlsCertificateKey: '/etc/letsencrypt/live/cricspot.in/privkey.pem',
};

const nginx = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((file) => existsSync(file));
const openssl = ['/usr/bin/openssl'].find((file) => existsSync(file));

describe('the nginx configuration (deploy/nginx/cricspot.conf.template)', () => {
  const production = renderNginxConfig(README_EXAMPLE);

  it('terminates TLS with HTTP/2, sets X-Forwarded-For itself, fits uploads and the server timeouts, and compresses nothing', () => {
    for (const line of [
      'listen 443 ssl http2;',
      'ssl_certificate /etc/letsencrypt/live/cricspot.in/fullchain.pem;',
      'return 301 https://$host$request_uri;',
      'proxy_set_header X-Forwarded-For $remote_addr;',
      'proxy_set_header Forwarded "";',
      'client_max_body_size 31m;',
      'client_header_timeout 10s;',
      'client_body_timeout 120s;',
      'proxy_read_timeout 120s;',
      'keepalive_timeout 4s;',
      'gzip off;',
      'proxy_next_upstream error timeout;',
      'server 10.0.0.13:3000 max_fails=1 fail_timeout=10s;',
    ])
      expect(production).toContain(line);
    expect(production).not.toMatch(/\{\{|\}\}/);
    expect(production).not.toContain('non_idempotent');
  });

  it('refuses a template name it does not know, and an empty upstream list', () => {
    expect(() => renderNginxConfig(README_EXAMPLE, 'listen {{PORTS}};')).toThrow(/names \{\{PORTS\}\}/);
    expect(() => renderNginxConfig({ ...README_EXAMPLE, upstreams: [] })).toThrow(/At least one upstream/);
  });

  it("is the README's production example, word for word", () => {
    const readme = readFileSync(path.join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    const block = /<!-- nginx-example -->\n+```nginx\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBe(production);
  });

  it.skipIf(!nginx || !openssl)('passes nginx -t as the drill renders it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cricspot-nginx-test-'));
    try {
      execFileSync(
        openssl!,
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-keyout',
          path.join(dir, 'key.pem'),
          '-out',
          path.join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      mkdirSync(path.join(dir, 'logs'));
      writeFileSync(
        path.join(dir, 'cricspot.conf'),
        renderNginxConfig({
          serverName: '127.0.0.1',
          upstreams: ['127.0.0.1:3171', '127.0.0.1:3172'],
          tlsCertificate: path.join(dir, 'cert.pem'),
          tlsCertificateKey: path.join(dir, 'key.pem'),
          httpPort: 3173,
          httpsPort: 3174,
          accessLog: 'off',
        }),
      );
      writeFileSync(
        path.join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid;\nerror_log ${dir}/logs/error.log;\nevents {}\nhttp {\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  include ${dir}/cricspot.conf;\n}\n`,
      );
      const out = execFileSync(nginx!, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(out).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

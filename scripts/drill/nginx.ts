// nginx in front of the drill's instances: the production template (deploy/nginx/
// cricspot.conf.template) rendered for them, run in the foreground with its own prefix.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderNginxConfig } from '../nginx-config.ts';

export interface Nginx {
  /** https://127.0.0.1:PORT, what the players call. */
  base: string;
  stop(): Promise<void>;
}

function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'])
    if (existsSync(candidate)) return candidate;
  throw new Error('nginx is not installed: scripts/drill.sh installs it (apt-get install -y nginx)');
}

export async function startNginx(options: {
  dir: string;
  httpPort: number;
  httpsPort: number;
  upstreams: string[];
  certificate: string;
  certificateKey: string;
}): Promise<Nginx> {
  const { dir } = options;
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  writeFileSync(
    path.join(dir, 'cricspot.conf'),
    renderNginxConfig({
      serverName: '127.0.0.1 localhost',
      upstreams: options.upstreams,
      tlsCertificate: options.certificate,
      tlsCertificateKey: options.certificateKey,
      httpPort: options.httpPort,
      httpsPort: options.httpsPort,
      accessLog: 'off',
      // A killed instance is left alone for 2 s, then tried again (the drill restarts it).
      failTimeout: '2s',
    }),
  );
  // The main file a packaged nginx has in /etc/nginx/nginx.conf, here with everything in `dir`.
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'logs', 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  default_type application/octet-stream;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${path.join(dir, `${kind}_temp`)};`,
      ),
      `  include ${path.join(dir, 'cricspot.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    nginxBinary(),
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `https://127.0.0.1:${options.httpsPort}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode} (see ${dir}/logs/error.log)`);
    try {
      await fetch(`${base}/healthz`);
      break;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${base}: ${String(error)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    base,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      }),
  };
}

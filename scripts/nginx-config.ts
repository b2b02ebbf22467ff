// `npm run nginx:config -- --server-name cricspot.in --upstream 127.0.0.1:3000 [--upstream ...]
//   --cert /etc/letsencrypt/live/cricspot.in/fullchain.pem --key /etc/letsencrypt/live/cricspot.in/privkey.pem`
// prints the production nginx configuration (deploy/nginx/cricspot.conf.template, rendered) to
// put in /etc/nginx/conf.d/. `npm run drill` renders the same template for its instances.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const NGINX_TEMPLATE = path.resolve(import.meta.dirname, '..', 'deploy', 'nginx', 'cricspot.conf.template');

export interface NginxValues {
  serverName: string;
  /** host:port of each instance. */
  upstreams: string[];
  tlsCertificate: string;
  tlsCertificateKey: string;
  httpPort?: number;
  httpsPort?: number;
  /** A file, or 'off'. */
  accessLog?: string;
  /** Passive health check: failures before an instance is left alone, and for how long. */
  maxFails?: number;
  failTimeout?: string;
}

/** The template with every {{NAME}} filled in; a name it does not know, or one left over, is an error. */
export function renderNginxConfig(values: NginxValues, template = readFileSync(NGINX_TEMPLATE, 'utf8')): string {
  if (!values.upstreams.length) throw new Error('At least one upstream (host:port) is needed');
  const fill: Record<string, string> = {
    SERVER_NAME: values.serverName,
    HTTP_PORT: String(values.httpPort ?? 80),
    HTTPS_PORT: String(values.httpsPort ?? 443),
    TLS_CERTIFICATE: values.tlsCertificate,
    TLS_CERTIFICATE_KEY: values.tlsCertificateKey,
    ACCESS_LOG: values.accessLog ?? '/var/log/nginx/cricspot.access.log',
  };
  const servers = values.upstreams.map(
    (upstream) => `server ${upstream} max_fails=${values.maxFails ?? 1} fail_timeout=${values.failTimeout ?? '10s'};`,
  );
  const rendered = template
    .replace(/^( *)\{\{UPSTREAM_SERVERS\}\}$/m, (_line, indent: string) => servers.map((s) => indent + s).join('\n'))
    .replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) => {
      if (!(name in fill)) throw new Error(`The template names ${whole}, which the renderer does not know`);
      return fill[name]!;
    });
  return rendered;
}

function cli(args: string[]): string {
  const values: Partial<NginxValues> & { upstreams: string[] } = { upstreams: [] };
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--server-name') values.serverName = value;
    else if (flag === '--upstream') values.upstreams.push(value);
    else if (flag === '--cert') values.tlsCertificate = value;
    else if (flag === '--key') values.tlsCertificateKey = value;
    else if (flag === '--http-port') values.httpPort = Number(value);
    else if (flag === '--https-port') values.httpsPort = Number(value);
    else if (flag === '--access-log') values.accessLog = value;
    else throw new Error(`Unknown option ${flag}`);
  }
  const missing = (['serverName', 'tlsCertificate', 'tlsCertificateKey'] as const).filter((key) => !values[key]);
  if (missing.length)
    throw new Error(
      `Missing ${missing.map((key) => ({ serverName: '--server-name', tlsCertificate: '--cert', tlsCertificateKey: '--key' })[key]).join(', ')}`,
    );
  return renderNginxConfig(values as NginxValues);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    process.stdout.write(cli(process.argv.slice(2)));
  } catch (error) {
    console.error(
      `${error instanceof Error ? error.message : String(error)}\nUsage: npm run nginx:config -- --server-name NAME --upstream HOST:PORT [--upstream ...] --cert FILE --key FILE [--http-port 80] [--https-port 443] [--access-log FILE|off]`,
    );
    process.exitCode = 1;
  }
}

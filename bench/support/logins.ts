// What the login benches share (bench/redis-outage.ts, bench/login-flood.ts): a player made through
// the real API, and logins timed one by one from a chosen loopback address (127.x.y.z: Linux
// answers them all, and the server counts each as its own client). Not a bench itself.
import http from 'node:http';

export const PASSWORD = 'Cricket@2026';
const XHR = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

export interface Answer {
  status: number;
  ms: number;
  body: string;
}

/** One request from `localAddress`, timed from the first byte sent to the last received. */
export function call(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  localAddress = '127.0.0.1',
): Promise<Answer> {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress,
        agent: false,
        headers: payload === undefined ? {} : { ...XHR, 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('error', reject);
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error('timed out after 30 s')));
    request.on('error', reject);
    request.end(payload);
  });
}

/** The n-th loopback address of a bench's clients (127.1.0.1 upwards; never 127.0.0.1). */
export function loopback(n: number): string {
  return `127.${((n >> 16) & 127) + 1}.${(n >> 8) & 255}.${n & 255 || 1}`;
}

/** A player signed up through the API, the code read from the development outbox. */
export async function signUp(base: string, n: number): Promise<{ email: string; phone: string }> {
  const digits = String(1_000_000 + ((Date.now() + n * 7919) % 9_000_000)).slice(-7);
  const person = {
    firstName: 'Bench',
    lastName: 'Player',
    email: `bench.${digits}.${n}@gmail.com`,
    phone: `987${digits}`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    agreeLegal: true,
    agreeRules: true,
    agreeAge: true,
  };
  const signup = await call(base, 'POST', '/api/v1/auth/signup', person, loopback(60_000 + n));
  if (signup.status !== 200) throw new Error(`sign-up: ${signup.status} ${signup.body}`);
  const { otpToken } = (JSON.parse(signup.body) as { data: { otpToken: string } }).data;
  const outbox = await call(base, 'GET', '/api/v1/dev/outbox', undefined);
  const messages = (JSON.parse(outbox.body) as { data: { messages: Array<{ recipient: string; body: string }> } }).data
    .messages;
  const code = /^(\d{6}) /.exec(messages.find((m) => m.recipient === `+91${person.phone}`)?.body ?? '')?.[1];
  if (!code) throw new Error('no sign-up code in the outbox');
  const verified = await call(base, 'POST', '/api/v1/auth/otp/verify', { otpToken, otp: code }, loopback(60_000 + n));
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${verified.body}`);
  return { email: person.email, phone: person.phone };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

/** 'n 40  p50 61 ms  p99 118 ms  max 120 ms  (40 × 200)' */
export function summary(answers: readonly Answer[]): string {
  const ms = answers.map((a) => a.ms);
  const statuses = new Map<number, number>();
  for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  const counts = [...statuses].map(([status, n]) => `${n} × ${status}`).join(', ');
  const f = (v: number) => `${v.toFixed(0)} ms`.padStart(8);
  return `n ${String(answers.length).padStart(3)}  p50 ${f(percentile(ms, 0.5))}  p99 ${f(percentile(ms, 0.99))}  max ${f(Math.max(...ms))}  (${counts})`;
}

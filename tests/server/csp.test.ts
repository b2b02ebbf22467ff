import { describe, expect, it } from 'vitest';
import { startServer } from '../support/server-harness.ts';

const directives = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  );

async function csp(server: ReturnType<typeof startServer>) {
  const res = await server.app.inject({ method: 'GET', url: '/api/v1/contests/current' });
  return directives(res.headers['content-security-policy']);
}

describe('the content security policy with the sandbox gateway', () => {
  const server = startServer('sqlite', { env: { PAYMENT_GATEWAY: 'sandbox' } });

  it('allows only our own origin for scripts, connections and frames', async () => {
    const policy = await csp(server);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.has('frame-src')).toBe(false);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });
});

describe('the content security policy with the Razorpay gateway', () => {
  const server = startServer('sqlite', {
    env: {
      PAYMENT_GATEWAY: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_csp',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'webhook',
    },
  });

  it('allows Checkout.js, its frame and the Razorpay API', async () => {
    const policy = await csp(server);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://checkout.razorpay.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.razorpay.com']);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://checkout.razorpay.com', 'https://api.razorpay.com']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

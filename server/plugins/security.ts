import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers. The content security policy allows only our own origin for scripts and
 * connections; images may also be data: and blob: URLs (the picture stage uses both).
 */
export async function securityHeaders(app: FastifyInstance): Promise<void> {
  // Razorpay Checkout.js (script and its iframe) and its API, only when Razorpay takes the money.
  const razorpay = app.config.payments.gateway === 'razorpay';
  const razorpayCheckout = razorpay ? ['https://checkout.razorpay.com'] : [];
  const razorpayApi = razorpay ? ['https://api.razorpay.com'] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        ...(razorpay ? { scriptSrc: ["'self'", ...razorpayCheckout], connectSrc: ["'self'", ...razorpayApi], frameSrc: ["'self'", ...razorpayCheckout, ...razorpayApi] } : {}),
        ...(app.config.isProduction ? { upgradeInsecureRequests: [] } : { upgradeInsecureRequests: null }),
      },
    },
    hsts: app.config.isProduction ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

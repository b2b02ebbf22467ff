import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { emailSchema } from '../../domain/validation.ts';
import { loopbackOnly } from '../plugins/loopback.ts';
import { createDevIdp, type DevIdpPerson } from '../services/accounts/dev-idp.service.ts';

/**
 * The development identity provider (see dev-idp.service.ts), at /dev-idp/*: a sign-in page in
 * Google's place that issues signed ID tokens, and its JWKS. Outside production only; in
 * production every /dev-idp path answers 404.
 *
 *   GET  /dev-idp/jwks.json     the public key
 *   GET  /dev-idp/authorize     ?client_id&redirect_uri&state&nonce[&response_type=id_token]: the page
 *   POST /dev-idp/authorize     the page's form: 302 to redirect_uri#id_token=...&state=...
 */

export const TEST_PERSON: DevIdpPerson = { email: 'test.player@gmail.com', givenName: 'Test', familyName: 'Player' };
const EXAMPLE_PERSON: DevIdpPerson = { email: 'asha.verma@gmail.com', givenName: 'Asha', familyName: 'Verma' };
const GIVEN_NAMES = ['Aarav', 'Priya', 'Rohit', 'Ananya', 'Vikram', 'Sneha', 'Arjun', 'Kavya'];
const FAMILY_NAMES = ['Sharma', 'Iyer', 'Reddy', 'Patel', 'Singh', 'Nair', 'Das', 'Gupta'];

function randomPerson(): DevIdpPerson {
  const pick = (list: string[]) => list[Math.floor(Math.random() * list.length)]!;
  const givenName = pick(GIVEN_NAMES);
  const familyName = pick(FAMILY_NAMES);
  const tag = crypto.randomUUID().slice(0, 8);
  return { email: `${givenName}.${familyName}.${tag}@gmail.com`.toLowerCase(), givenName, familyName };
}

const requestSchema = z.object({
  client_id: z.string().max(255),
  redirect_uri: z.string().max(2048),
  state: z.string().min(1).max(512),
  nonce: z.string().min(1).max(512),
  response_type: z.string().max(64).optional(),
});
type AuthorizeRequest = z.output<typeof requestSchema>;

const formSchema = requestSchema.extend({
  preset: z.enum(['form', 'test', 'random']).default('form'),
  email: z.string().max(254).optional(),
  given_name: z.string().max(100).optional(),
  family_name: z.string().max(100).optional(),
});

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f4f5;margin:0;padding:2rem 1rem;color:#18181b}
main{max-width:26rem;margin:0 auto;background:#fff;border:3px dashed #d97706;border-radius:12px;padding:1.5rem}
h1{font-size:1.3rem;margin:0 0 .25rem}.note{background:#fef3c7;padding:.5rem .75rem;border-radius:6px;font-size:.9rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}
button{margin-top:1rem;width:100%;padding:.6rem;font-size:1rem;cursor:pointer}.quick{display:flex;gap:.5rem}.quick button{font-size:.9rem}
.error{color:#b91c1c}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

export async function devIdpRoutes(app: FastifyInstance): Promise<void> {
  if (app.config.isProduction) {
    // At onRequest, before any body is read: whatever is sent, the answer is the same 404.
    const notFound = async (_request: unknown, reply: FastifyReply) =>
      reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
    app.all('/dev-idp', { onRequest: notFound }, notFound);
    app.all('/dev-idp/*', { onRequest: notFound }, notFound);
    return;
  }

  const { config } = app;
  const idp = createDevIdp({ dataDir: config.dataDir, issuer: config.oidcIssuer, now: () => app.clock.now() });
  const siteOrigin = new URL(config.publicUrl).origin;

  // The page posts a plain HTML form; only this plugin's routes read one.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  /** Like Google: an unknown client or a redirect elsewhere is refused on the page, never followed. */
  function problemWith(request: AuthorizeRequest): string | undefined {
    if (request.client_id !== config.googleClientId) return 'Unknown client_id.';
    let redirect: URL;
    try {
      redirect = new URL(request.redirect_uri);
    } catch {
      return 'redirect_uri is not a URL.';
    }
    if (redirect.origin !== siteOrigin) return `redirect_uri must be on ${siteOrigin}.`;
    if (request.response_type !== undefined && !request.response_type.split(' ').includes('id_token'))
      return 'Only response_type=id_token is supported.';
    return undefined;
  }

  const refuse = (reply: FastifyReply, reason: string) =>
    sendPage(
      reply,
      400,
      page(
        'Development sign-in (not Google)',
        `<h1>Development sign-in (not Google)</h1><p class="error">This sign-in request was refused: ${escapeHtml(reason)}</p>`,
      ),
    );

  app.get('/dev-idp/jwks.json', async (_request, reply) => {
    return reply.header('cache-control', 'public, max-age=300').send(await idp.jwks());
  });

  // It signs in as anyone: only a browser on this machine may use it (the keys stay public).
  app.get('/dev-idp/authorize', { onRequest: loopbackOnly }, async (request, reply) => {
    const parsed = requestSchema.safeParse(request.query);
    if (!parsed.success) return refuse(reply, 'client_id, redirect_uri, state and nonce are required.');
    const problem = problemWith(parsed.data);
    if (problem) return refuse(reply, problem);
    const hidden = (['client_id', 'redirect_uri', 'state', 'nonce'] as const)
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(parsed.data[name])}">`)
      .join('');
    const body = `<h1>Development sign-in (not Google)</h1>
<p class="note">This page stands in for Google on development machines. It signs you in as whoever you type: no password, no real Google account.</p>
<form method="post" action="/dev-idp/authorize">${hidden}
<label for="email">E-mail</label><input id="email" name="email" type="email" required value="${escapeHtml(EXAMPLE_PERSON.email)}">
<label for="given_name">First name</label><input id="given_name" name="given_name" value="${escapeHtml(EXAMPLE_PERSON.givenName)}">
<label for="family_name">Last name</label><input id="family_name" name="family_name" value="${escapeHtml(EXAMPLE_PERSON.familyName)}">
<button type="submit" name="preset" value="form">Sign in</button>
</form>
<form method="post" action="/dev-idp/authorize">${hidden}<div class="quick">
<button type="submit" name="preset" value="test">Known test user (${escapeHtml(TEST_PERSON.email)})</button>
<button type="submit" name="preset" value="random">A new random user</button>
</div></form>`;
    return sendPage(reply, 200, page('Development sign-in (not Google)', body));
  });

  app.post('/dev-idp/authorize', { onRequest: loopbackOnly }, async (request, reply) => {
    const parsed = formSchema.safeParse(request.body ?? {});
    if (!parsed.success) return refuse(reply, 'client_id, redirect_uri, state and nonce are required.');
    const form = parsed.data;
    const problem = problemWith(form);
    if (problem) return refuse(reply, problem);
    let person: DevIdpPerson;
    if (form.preset === 'test') person = TEST_PERSON;
    else if (form.preset === 'random') person = randomPerson();
    else {
      const email = emailSchema.safeParse(form.email ?? '');
      if (!email.success) return refuse(reply, 'Type a valid e-mail address.');
      person = {
        email: email.data,
        givenName: form.given_name?.trim() ?? '',
        familyName: form.family_name?.trim() ?? '',
      };
    }
    const idToken = await idp.issueIdToken(person, { audience: form.client_id, nonce: form.nonce });
    const target = new URL(form.redirect_uri);
    target.hash = new URLSearchParams({ id_token: idToken, state: form.state }).toString();
    return reply.header('cache-control', 'no-store').redirect(target.toString(), 302);
  });
}

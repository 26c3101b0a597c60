import type { FastifyInstance } from 'fastify';
import { invalidParameters } from '../lib/api-error.ts';
import { appPlugin } from '../lib/route-plugin.ts';

/*
 * application/x-www-form-urlencoded bodies, for the few routes that are posted to from outside the app: the payment
 * provider's webhook (Mollie posts `id=tr_…`) and the stand-in provider's checkout form. A route opts in with
 * `config: { formBody: true }` (contract endpoints marked `form`, server/lib/contract-route.ts); every other route answers
 * 415, as before this parser existed: the API speaks JSON, and refusing the "simple" content types keeps a
 * cross-site form from posting to it (defence in depth on top of SameSite=Strict cookies).
 */

declare module 'fastify' {
  // Module augmentation merges into Fastify's interface: only an interface can.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /** The route reads an application/x-www-form-urlencoded body (server/plugins/form-body.ts). */
    formBody?: boolean;
  }
}

const unsupported = () => invalidParameters([{ field: 'body', message: 'validation:contentType' }], 'Unsupported content type', 415);

export const registerFormBodyParser = (app: FastifyInstance): void => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    if (request.routeOptions.config.formBody !== true) {
      done(unsupported(), undefined);
      return;
    }
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // A repeated field keeps its last value; names such as "__proto__" become plain own properties.
    done(null, Object.fromEntries(new URLSearchParams(text)));
  });
};

export default appPlugin('form-body', [], (app) => registerFormBodyParser(app));

import type { FastifyInstance } from 'fastify';
import { invalidParameters } from '../lib/api-error.ts';
import { appPlugin } from '../lib/route-plugin.ts';

/*
 * The API's JSON body parser: Fastify's own (secure-json-parse, "__proto__" and "constructor.prototype" keys
 * removed), behind a nesting limit checked on the raw text before anything recursive runs. JSON.parse, the
 * contract's schemas and the idempotency store's canonical JSON all recurse per level: a body of 100,000 nested
 * arrays would overflow the stack in one of them (a 500 anyone could send without logging in). No request of the
 * contract nests deeper than a few levels.
 */

export const MAX_JSON_DEPTH = 32;

/** True when the JSON text opens more than `max` arrays or objects inside each other (strings are skipped). */
export const jsonTooDeep = (text: string, max: number = MAX_JSON_DEPTH): boolean => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) {
      inString = true;
    } else if (ch === 0x5b || ch === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) {
      depth -= 1;
    }
  }
  return false;
};

export const registerJsonBodyParser = (app: FastifyInstance): void => {
  const parseJson = app.getDefaultJsonParser('remove', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonTooDeep(text)) {
      done(invalidParameters([{ field: 'body', message: 'validation:json' }], 'JSON nested too deeply'), undefined);
      return;
    }
    // Fastify's parser answers through `done`; its return value carries nothing.
    void parseJson(request, text, done);
  });
};

export default appPlugin('json-body', [], (app) => registerJsonBodyParser(app));

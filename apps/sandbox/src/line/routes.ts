import type { FastifyInstance } from 'fastify';
import { registerLineApiRoutes } from './line-api-routes.ts';
import { registerLineControlRoutes } from './line-control-routes.ts';
import { registerLinePageRoutes } from './line-page-routes.ts';
import type { SandboxLine } from './sandbox-line.ts';

/** Largest form post read on the LINE pages. */
const MAX_FORM_BYTES = 8 * 1024;

/** The sandbox LINE: Messaging API subset, switches / simulator (sandbox key), pages for people. */
export async function registerLineRoutes(app: FastifyInstance, line: SandboxLine): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: MAX_FORM_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    // LINE accepts an empty body with Content-Type: application/json (the SDK's link-token call sends one).
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, {});
      try {
        done(null, JSON.parse(text));
      } catch {
        done(Object.assign(new Error('invalid JSON body'), { statusCode: 400 }), undefined);
      }
    });
    registerLineApiRoutes(scope, line);
    registerLineControlRoutes(scope, line);
    registerLinePageRoutes(scope, line);
  });
}

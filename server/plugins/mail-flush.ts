import { appPlugin } from '../lib/route-plugin.ts';

/*
 * A message queued while answering goes out once the answer is sent (lib/mail-queue.ts): its time and its fate never
 * show in the answer. What fails is retried by the clean-up job. Before the routes: each route plugin takes a copy of
 * the hooks its parent has when it is registered.
 */
export default appPlugin('mail-flush', ['zod-validation'], (app, { ctx }) => {
  app.addHook('onResponse', (_request, _reply, done) => {
    if (ctx.mailQueue.pending()) ctx.mailQueue.flush().catch((error: unknown) => app.log.error({ err: error }, 'mail queue flush failed'));
    done();
  });
});

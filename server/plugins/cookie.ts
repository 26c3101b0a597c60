import fastifyCookie from '@fastify/cookie';
import { appPlugin } from '../lib/route-plugin.ts';

// The session, refresh, device and consent cookies, parsed once for every later hook (the origin check reads them).
export default appPlugin('cookie', ['path-rules'], async (app) => {
  await app.register(fastifyCookie);
});

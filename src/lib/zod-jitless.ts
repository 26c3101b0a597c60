/*
 * zod probes `new Function` to speed up parsing; the CSP forbids eval, so the app tells it not to try. zod keeps
 * its configuration on globalThis (`__zod_globalConfig`, shared by every copy of zod), so the entry sets it here
 * before any module that parses loads, without loading zod itself on the login route (which ships only what a visitor needs).
 * tests/lib/zod-jitless.test.ts checks that zod reads it.
 */

type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

export const setZodJitless = (): void => {
  const scope = globalThis as ZodGlobal;
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
};

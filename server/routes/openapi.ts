export const registerOpenApiRoutes = (..._args: unknown[]): void => undefined;

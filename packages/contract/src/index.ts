export * from './errors.ts';
export * from './http.ts';
export * from './identity/user.ts';
export * from './permissions.ts';
export * from './registry/index.ts';
export * from './routes.ts';
export * from './validators.ts';
export * from './org/index.ts';

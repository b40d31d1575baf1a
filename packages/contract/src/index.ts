export * from './errors.ts';
export * from './validators.ts';
export * from './routes.ts';
export * from './permissions.ts';
export * from './http.ts';
export * from './identity/user.ts';

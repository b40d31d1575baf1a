export * from './audit.ts';
export * from './community.ts';
export * from './company.ts';
export * from './resource.ts';
export * from './role.ts';
export * from './user.ts';

export * from './lift-state.ts';

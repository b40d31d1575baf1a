export * from './downstream.ts';
export * from './topics.ts';
export * from './upstream.ts';

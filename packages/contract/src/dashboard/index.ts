export * from './index-tree.ts';

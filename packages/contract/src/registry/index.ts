export * from './import.ts';
export * from './lift.ts';
export * from './sim.ts';
export * from './terminal.ts';

export * from './fault.ts';
export * from './fault-codes.ts';
export * from './push.ts';
export * from './sms.ts';
export * from './task.ts';

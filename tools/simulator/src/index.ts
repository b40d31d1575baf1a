export { type Fleet, type FleetOptions, startFleet } from './fleet.ts';
export { SimTerminal, type SimTerminalOptions } from './terminal.ts';

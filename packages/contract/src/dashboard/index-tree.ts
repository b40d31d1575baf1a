import { z } from 'zod';

/** GET /api/indextree: the home dashboard counters of SPEC.md §2, for the current scope. */
export const ZIndexTree = z.object({
  /** help calls received today */
  helpCount: z.number().int(),
  /** maintenance records of type maintenance dated this calendar month (server date), on live lifts in scope */
  maintenanceCount: z.number().int(),
  /** maintenance records of type repair dated this calendar month (server date), on live lifts in scope */
  repairsCount: z.number().int(),
  /** open faults with passengers trapped */
  tiringCount: z.number().int(),
  onlineCount: z.number().int(),
  offlineCount: z.number().int(),
  /** open (untreated) faults */
  faultCount: z.number().int(),
  /** lifts */
  count: z.number().int(),
  /** lifts whose terminal reports maintenance (inspection) mode */
  maintainCount: z.number().int(),
  f: z.number().int(),
  t: z.number().int(),
  wcr: z.number().int(),
  u: z.number().int(),
  e: z.number().int(),
  todayNewLiftCount: z.number().int(),
  todayNewFaultCount: z.number().int(),
  threeNewLift: z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string(), created_at: z.string() })),
  /** faults per month, last 12 months, oldest first */
  faultMonthData: z.array(z.object({ month: z.string(), count: z.number().int() })),
});
export type TIndexTree = z.infer<typeof ZIndexTree>;

import { z } from 'zod';

export const PAGE_SIZES = [12, 18, 24] as const;
export const DEFAULT_PAGE_SIZE = 12;

/** Query of every paged list (ARCHITECTURE.md §3). */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'size must be 12, 18 or 24' })
    .default(DEFAULT_PAGE_SIZE),
  orderKey: z
    .string()
    .regex(/^[a-z_]+$/)
    .optional(),
  orderMethod: z.enum(['asc', 'desc']).optional(),
  keyword: z.string().max(100).optional(),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), pageNumber: z.number().int(), totalRow: z.number().int() });

export type TPage<T> = { list: T[]; pageNumber: number; totalRow: number };

/** Success envelope: `{ data }` and no `code`. */
export const dataOf = <T extends z.ZodType>(data: T) => z.object({ data });

/** Failure envelope: `{ code, msg }`. */
export const ZFailure = z.object({ code: z.number().int(), msg: z.string() });
export type TFailure = z.infer<typeof ZFailure>;

export const ZIdBody = z.object({ id: z.coerce.number().int().positive() });
export const ZOk = z.object({ data: z.literal(true) });

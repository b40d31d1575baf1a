import { type ErrorCode, errorStatus } from '@liftguard/contract';

/** A catalogued failure. Thrown anywhere; the error handler answers `{code, msg}` in the caller's language. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: unknown;
  constructor(code: ErrorCode, detail?: unknown, status?: number) {
    super(`AppError ${code}`);
    this.code = code;
    this.status = status ?? errorStatus(code);
    this.detail = detail;
  }
}

export const fail = (code: ErrorCode, detail?: unknown): never => {
  throw new AppError(code, detail);
};

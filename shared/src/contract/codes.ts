/**
 * Body codes of the `{ code, data, msg }` envelope (SPEC section 8). Business rules use yudao-style
 * numbers `1_0MM_NNN_NNN` where MM is the module; these live next to the module that raises them.
 */
export const ResultCode = {
  Success: 0,
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  TooManyRequests: 429,
  ServerError: 500,
  NotAuthorised: 1_006_000_000,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

import { ApiError } from '../../shared/api/apiClient';
import { CONNECTION_FAILED } from '../pages/pageSagas';

/** What a studio form shows when a call fails: the server's words (per field when it gave them), or the connection's failure. */
export const refusalOf = (error: unknown) =>
  error instanceof ApiError ? { message: error.message, errors: error.fieldErrors } : { message: CONNECTION_FAILED, errors: {} };

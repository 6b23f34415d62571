import { actionLogEndpoints } from './actionLogEndpoints';
import type { Endpoint } from './endpoint';
import { healthEndpoints } from './healthEndpoints';
import { trackEndpoints } from './trackEndpoints';

/** Every call under /api/v1, served over HTTP and in-process alike. */
export const API_ENDPOINTS: readonly Endpoint[] = [...healthEndpoints, ...actionLogEndpoints, ...trackEndpoints];

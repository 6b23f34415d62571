/** pino's levels, most severe first; `silent` logs nothing. LOG_LEVEL takes one of them (server/config.ts). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

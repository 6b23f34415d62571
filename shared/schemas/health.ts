import { enums, type Infer, object } from 'superstruct';

export const HealthSchema = object({
  status: enums(['ok', 'degraded']),
  database: enums(['sqlite', 'postgres']),
});
export type Health = Infer<typeof HealthSchema>;

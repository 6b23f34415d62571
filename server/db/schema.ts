import type { Generated } from 'kysely';

/** Tables as kysely sees them; JSON columns are text on SQLite and jsonb on PostgreSQL. */
export interface EventsTable {
  position: Generated<number>;
  stream_id: string;
  version: number;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: string;
}

export interface ProjectionCheckpointsTable {
  name: string;
  position: number;
}

export interface CatalogueProductsTable {
  id: number;
  name: string;
  product_type: string;
  genre: string;
  bpm: number | null;
  musical_key: string | null;
  scale: string | null;
  price_cents: number;
  is_sold: number;
  cover_image_src: string | null;
  preview_track_src: string | null;
  producer_id: number;
  producer_name: string;
  producer_url: string;
  listed_position: number;
}

export interface Tables {
  events: EventsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  catalogue_products: CatalogueProductsTable;
}

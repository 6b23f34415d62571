import type { Selectable } from 'kysely';
import { genreById } from '../../shared/domain/catalogue/genres';
import { formatDuration } from '../../shared/domain/duration';
import type { Product } from '../../shared/schemas/track';
import type { CatalogueProductsTable } from '../db/schema';

export type ProductRow = Selectable<CatalogueProductsTable> & {
  producer_artist_name: string;
  producer_short_name: string;
  producer_avatar_src: string | null;
};

/** A catalogue row as SPEC §3 "Product / track" describes it; prices leave the database in cents and reach buyers in USD. */
export function toProduct(row: ProductRow, peaks: number[] | null = null): Product {
  const genres = (JSON.parse(row.genre_ids) as number[]).flatMap((id) => {
    const genre = genreById(id);
    return genre ? [{ id: genre.id, name: genre.name, color: genre.color }] : [];
  });
  const samplePack = row.product_type === 'samplepack';
  return {
    id: row.id,
    name: row.name,
    productType: row.product_type as Product['productType'],
    genre: samplePack ? 'Sample Pack' : genres.map((genre) => genre.name).join(' / '),
    genres,
    secondGenre: genres[1]?.name ?? null,
    moods: JSON.parse(row.mood_ids) as number[],
    tags: JSON.parse(row.tags) as string[],
    bpm: row.bpm,
    key: row.musical_key as Product['key'],
    scale: row.scale as Product['scale'],
    vocalType: row.vocal_type as Product['vocalType'],
    samplesType: row.samples_type as Product['samplesType'],
    vocalGender: row.vocal_gender as Product['vocalGender'],
    isNew: row.is_new === 1,
    isSuperSale: row.is_supersale === 1,
    isPremium: row.is_premium === 1,
    finalPrice: Number(row.price_cents) / 100,
    projectFilePrice: row.project_file_price_cents === null ? null : Number(row.project_file_price_cents) / 100,
    isSold: row.is_sold === 1,
    samplePack,
    coverImageSrc: row.cover_image_src,
    previewTrackSrc: row.preview_track_src,
    previewTrackDuration: row.preview_duration_seconds,
    previewTrackDurationFormatted: row.preview_duration_seconds === null ? null : formatDuration(row.preview_duration_seconds),
    peaks,
    producer: {
      id: Number(row.producer_id),
      artistName: row.producer_artist_name,
      producerUrl: row.producer_short_name,
      avatarSrc: row.producer_avatar_src,
    },
  };
}

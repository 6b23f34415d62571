import { MOODS } from '../../shared/domain/catalogue/filterOptions';
import { GENRES } from '../../shared/domain/catalogue/genres';
import { TagSearchQuerySchema } from '../../shared/schemas/catalogueQuery';
import type { Genre, Mood } from '../../shared/schemas/track';
import { defineEndpoint, type Endpoint } from './endpoint';

const POPULAR_TAGS = 20;
const TAG_SUGGESTIONS = 10;

/** Reference lists for the filter panel and the header's tag search. */
export const catalogueEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/genres',
    access: 'anyone',
    input: {},
    sharedAnswer: true,
    // isActive is the filter panel's state; the server always starts it unselected.
    handle: async () => ({ body: GENRES.map((genre) => ({ ...genre, isActive: false })) satisfies Genre[] }),
  }),
  defineEndpoint({
    method: 'GET',
    path: '/moods',
    access: 'anyone',
    input: {},
    sharedAnswer: true,
    handle: async () => ({ body: MOODS.map((mood) => ({ ...mood, isActive: false })) satisfies Mood[] }),
  }),
  defineEndpoint({
    method: 'GET',
    path: '/tags/top',
    access: 'anyone',
    input: {},
    async handle(_request, { database }) {
      const rows = await database.query
        .selectFrom('catalogue_tags')
        .select('tag')
        .where('product_count', '>', 0)
        .orderBy('product_count', 'desc')
        .orderBy('tag')
        .limit(POPULAR_TAGS)
        .execute();
      return { body: rows.map((row) => row.tag) };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/tags/search',
    access: 'anyone',
    input: { query: TagSearchQuerySchema },
    async handle({ query: { tags: typed } }, { database }) {
      // Tags are stored lowercased; the tag pattern admits neither % nor _, so LIKE needs no escaping.
      const rows = await database.query
        .selectFrom('catalogue_tags')
        .select('tag')
        .where('tag', 'like', `${typed.trim().toLowerCase()}%`)
        .where('product_count', '>', 0)
        .orderBy('product_count', 'desc')
        .orderBy('tag')
        .limit(TAG_SUGGESTIONS)
        .execute();
      return { body: rows.map((row) => row.tag) };
    },
  }),
];

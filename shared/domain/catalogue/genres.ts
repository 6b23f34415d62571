/** The storefront's genres; id 0 stands for "All genres" (SPEC §3 "Genre"), each with its chip colour. */
export const GENRES = [
  { id: 0, name: 'All genres', color: '#8e8e93' },
  { id: 1, name: 'Trap', color: '#ff5a5f' },
  { id: 2, name: 'Hip Hop', color: '#f5a623' },
  { id: 3, name: 'R&B', color: '#bd10e0' },
  { id: 4, name: 'Drill', color: '#4a4a4a' },
  { id: 5, name: 'Lo-Fi', color: '#7ed6a5' },
  { id: 6, name: 'Afrobeat', color: '#f8e71c' },
  { id: 7, name: 'Pop', color: '#ff7eb9' },
  { id: 8, name: 'EDM', color: '#00b8ff' },
  { id: 9, name: 'Reggaeton', color: '#50e3c2' },
  { id: 10, name: 'Boom Bap', color: '#b8860b' },
] as const;

export const ALL_GENRES_ID = 0;

const byId = new Map<number, (typeof GENRES)[number]>(GENRES.map((genre) => [genre.id, genre]));
export const genreById = (id: number) => byId.get(id);

/** SPEC §3 "Filter options", with the labels the filter panel shows. */
export const CATEGORIES = [
  { value: 'all', title: 'All' },
  { value: 'new', title: 'New' },
  { value: 'supersale', title: 'Super Sale' },
  { value: 'premium', title: 'Premium' },
] as const;
export type Category = (typeof CATEGORIES)[number]['value'];

export const SORTS = [
  { value: 'newest', title: 'Newest' },
  { value: 'price-to-low', title: 'Price high to low' },
  { value: 'price-to-high', title: 'Price low to high' },
] as const;
export type Sort = (typeof SORTS)[number]['value'];

export const VOCAL_TYPES = [
  { value: 'novocal', title: 'No vocal' },
  { value: 'royaltyfreevocal', title: 'Royalty-free vocal' },
  { value: 'exclusivevocal', title: 'Exclusive vocal' },
] as const;
export type VocalType = (typeof VOCAL_TYPES)[number]['value'];

export const SAMPLE_TYPES = [
  { value: 'royaltyfreesamples', title: 'Royalty-free samples' },
  { value: 'exclusivesamples', title: 'Exclusive samples' },
] as const;
export type SampleType = (typeof SAMPLE_TYPES)[number]['value'];

export const VOCAL_GENDERS = ['male', 'female', 'other'] as const;
export type VocalGender = (typeof VOCAL_GENDERS)[number];

export const KEYS = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
export type MusicalKey = (typeof KEYS)[number];

export const SCALES = ['minor', 'major'] as const;
export type Scale = (typeof SCALES)[number];

/** The 14 moods of SPEC §3, with their emoji; ids are their position from 1. */
export const MOODS = [
  { id: 1, name: 'angry', emoji: '😠' },
  { id: 2, name: 'calm', emoji: '😌' },
  { id: 3, name: 'crazy', emoji: '🤪' },
  { id: 4, name: 'energetic', emoji: '⚡' },
  { id: 5, name: 'exciting', emoji: '🤩' },
  { id: 6, name: 'happy', emoji: '😊' },
  { id: 7, name: 'inspiring', emoji: '✨' },
  { id: 8, name: 'lonely', emoji: '😔' },
  { id: 9, name: 'neutral', emoji: '😐' },
  { id: 10, name: 'quirky', emoji: '🙃' },
  { id: 11, name: 'romantic', emoji: '🥰' },
  { id: 12, name: 'sad', emoji: '😢' },
  { id: 13, name: 'sexy', emoji: '😏' },
  { id: 14, name: 'soulful', emoji: '🎷' },
] as const;

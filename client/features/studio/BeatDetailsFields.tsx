import { BPM_RANGE, PRICE_RANGE_USD } from '../../../shared/domain/constants';
import { KEYS, MOODS, SAMPLE_TYPES, SCALES, VOCAL_TYPES } from '../../../shared/domain/catalogue/filterOptions';
import { GENRES } from '../../../shared/domain/catalogue/genres';
import type { FieldErrors } from '../../../shared/api/apiClient';
import { STUDIO_LIMITS } from '../../../shared/schemas/studio';
import { TextField } from '../auth/fields';
import { MoodLabel } from '../moods/MoodIcon';
import { ChoiceGroup, SelectInput } from './studioFields';

const GENRE_OPTIONS = GENRES.filter((genre) => genre.id !== 0).map((genre) => ({ value: String(genre.id), label: genre.name }));
const MOOD_OPTIONS = MOODS.map((mood) => ({ value: String(mood.id), label: <MoodLabel name={mood.name} text={`${mood.name[0]!.toUpperCase()}${mood.name.slice(1)}`} /> }));
const KEY_OPTIONS = [{ value: '', label: 'Not set' }, ...KEYS.map((key) => ({ value: key, label: key }))];
const SCALE_OPTIONS = [{ value: '', label: 'Not set' }, ...SCALES.map((scale) => ({ value: scale, label: scale === 'minor' ? 'Minor' : 'Major' }))];
const titled = (options: readonly { value: string; title: string }[]) => options.map((option) => ({ value: option.value, label: option.title }));

/**
 * The details of a beat, the same on upload and when editing (BeatDetails). `serverErrors` are
 * the `errors` of the server's 400, each shown beside its field.
 */
export function BeatDetailsFields({ serverErrors, showStemsPrice }: { serverErrors: FieldErrors; showStemsPrice: boolean }) {
  return (
    <>
      <TextField name="name" label="Name" serverError={serverErrors.name} />
      <ChoiceGroup name="genreIds" legend={`Genres (${STUDIO_LIMITS.genres.min} or ${STUDIO_LIMITS.genres.max})`} options={GENRE_OPTIONS} serverError={serverErrors.genreIds} />
      <ChoiceGroup name="moodIds" legend={`Moods (up to ${STUDIO_LIMITS.moods})`} options={MOOD_OPTIONS} serverError={serverErrors.moodIds} />
      <TextField name="tags" label={`Tags (up to ${STUDIO_LIMITS.tags}, separated by commas)`} placeholder="dark, piano, 808" serverError={serverErrors.tags} />
      <div className="studio-form__row">
        <TextField name="bpm" label={`BPM (${BPM_RANGE.min}–${BPM_RANGE.max})`} type="number" serverError={serverErrors.bpm} />
        <SelectInput name="key" label="Key" options={KEY_OPTIONS} serverError={serverErrors.key} />
        <SelectInput name="scale" label="Scale" options={SCALE_OPTIONS} serverError={serverErrors.scale} />
      </div>
      <div className="studio-form__row">
        <SelectInput name="vocalType" label="Vocals" options={titled(VOCAL_TYPES)} serverError={serverErrors.vocalType} />
        <SelectInput name="samplesType" label="Samples" options={titled(SAMPLE_TYPES)} serverError={serverErrors.samplesType} />
      </div>
      <div className="studio-form__row">
        <TextField name="priceCents" label={`Price (USD, ${PRICE_RANGE_USD.min}–${PRICE_RANGE_USD.max})`} type="number" serverError={serverErrors.priceCents} />
        {showStemsPrice && <TextField name="stemsPriceCents" label="Stems price (USD)" type="number" serverError={serverErrors.stemsPriceCents} />}
        <TextField name="previewStartSeconds" label="Preview starts at (seconds)" type="number" serverError={serverErrors.previewStartSeconds} />
      </div>
    </>
  );
}

import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { type BeatsFilters, DEFAULT_FILTERS, writeBeatsQuery } from '../../../shared/domain/catalogue/beatsQuery';
import {
  CATEGORIES,
  KEYS,
  SAMPLE_TYPES,
  SCALES,
  SORTS,
  VOCAL_GENDERS,
  VOCAL_TYPES,
} from '../../../shared/domain/catalogue/filterOptions';
import { chooseVocal, isGenreActive, toggleGenre, toggleList } from '../../../shared/domain/catalogue/filterRules';
import { BPM_RANGE, PRICE_RANGE_USD } from '../../../shared/domain/constants';
import { beatsFiltersChanged, selectGenres, selectMoods } from '../../../shared/features/catalogue/catalogueSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { MoodLabel } from '../moods/MoodIcon';
import { Link } from '../navigation/Link';

const beatsUrl = (filters: BeatsFilters) => `/beats${writeBeatsQuery(filters)}`;

interface FilterLinkOption {
  title: ReactNode;
  filters: BeatsFilters;
  isActive: boolean;
}

/**
 * SPEC §2 "Filter links": a title, a Reset control and a list of links. Each option is a real
 * link to the filtered URL, so the panel works before the page hydrates and can be crawled.
 */
function FilterLinks({ title, options, reset }: { title: string; options: FilterLinkOption[]; reset: BeatsFilters }) {
  const headingId = useId();
  return (
    <section className="filter-group" aria-labelledby={headingId}>
      <div className="filter-group__head">
        <h2 id={headingId}>{title}</h2>
        <Link href={beatsUrl(reset)} className="filter-group__reset" aria-label={`Reset ${title}`}>
          Reset
        </Link>
      </div>
      <ul className="filter-group__options">
        {options.map((option, index) => (
          <li key={index}>
            <Link
              href={beatsUrl(option.filters)}
              className="filter-option"
              aria-current={option.isActive ? 'true' : undefined}
              rel="nofollow"
            >
              {option.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** BPM and price: count only with both ends (SPEC §5), applied together. */
function RangeFilter({ title, name, bounds, filters }: {
  title: string;
  name: 'bpm' | 'price';
  bounds: { min: number; max: number };
  filters: BeatsFilters;
}) {
  const dispatch = useAppDispatch();
  const [low, high] = filters[name] ?? [bounds.min, bounds.max];
  const [values, setValues] = useState({ low: String(low), high: String(high) });
  const id = useId();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const from = Math.max(bounds.min, Math.min(bounds.max, Number(values.low) || bounds.min));
    const to = Math.max(bounds.min, Math.min(bounds.max, Number(values.high) || bounds.max));
    const range: [number, number] = [Math.min(from, to), Math.max(from, to)];
    const full = range[0] === bounds.min && range[1] === bounds.max;
    dispatch(beatsFiltersChanged({ ...filters, [name]: full ? null : range }));
  };
  return (
    <form className="filter-group filter-range" onSubmit={apply} aria-labelledby={`${id}-title`}>
      <div className="filter-group__head">
        <h2 id={`${id}-title`}>{title}</h2>
        <Link href={beatsUrl({ ...filters, [name]: null })} className="filter-group__reset" aria-label={`Reset ${title}`}>
          Reset
        </Link>
      </div>
      <label htmlFor={`${id}-from`}>From</label>
      <input id={`${id}-from`} type="number" min={bounds.min} max={bounds.max} value={values.low} onChange={(e) => setValues({ ...values, low: e.target.value })} />
      <label htmlFor={`${id}-to`}>To</label>
      <input id={`${id}-to`} type="number" min={bounds.min} max={bounds.max} value={values.high} onChange={(e) => setValues({ ...values, high: e.target.value })} />
      <button type="submit">Apply {title}</button>
    </form>
  );
}

/** The whole filter panel of /beats (SPEC §2 "Catalogue", rules of §4). */
export function FilterPanel({ filters }: { filters: BeatsFilters }) {
  const dispatch = useAppDispatch();
  const genres = useAppSelector(selectGenres);
  const moods = useAppSelector(selectMoods);
  return (
    <div className="filter-panel__groups">
      <FilterLinks
        title="Category"
        reset={{ ...filters, category: 'all' }}
        options={CATEGORIES.map((c) => ({ title: c.title, filters: { ...filters, category: c.value }, isActive: filters.category === c.value }))}
      />
      <FilterLinks
        title="Sort by"
        reset={{ ...filters, sortby: 'newest' }}
        options={SORTS.map((s) => ({ title: s.title, filters: { ...filters, sortby: s.value }, isActive: filters.sortby === s.value }))}
      />
      <FilterLinks
        title="Genre"
        reset={{ ...filters, genre: [] }}
        options={genres.map((genre) => ({
          title: (
            <>
              {/* The genre's colour as an SVG fill, not an inline style: markup a strict style-src (the replayed frame) draws. */}
              <svg className="genre-dot" viewBox="0 0 2 2" aria-hidden="true">
                <circle cx={1} cy={1} r={1} fill={genre.color} />
              </svg>
              {genre.name}
            </>
          ),
          filters: toggleGenre(filters, genre.id),
          isActive: isGenreActive(filters, genre.id),
        }))}
      />
      <FilterLinks
        title="Mood"
        reset={{ ...filters, mood: [] }}
        options={moods.map((mood) => ({
          title: <MoodLabel name={mood.name} />,
          filters: toggleList(filters, 'mood', mood.id),
          isActive: filters.mood.includes(mood.id),
        }))}
      />
      <FilterLinks
        title="Vocal"
        reset={{ ...filters, vocaltype: null }}
        options={VOCAL_TYPES.map((v) => ({ title: v.title, filters: chooseVocal(filters, filters.vocaltype === v.value ? null : v.value), isActive: filters.vocaltype === v.value }))}
      />
      <FilterLinks
        title="Vocal gender"
        reset={{ ...filters, vocalgender: [] }}
        options={VOCAL_GENDERS.map((g) => ({ title: g, filters: toggleList(filters, 'vocalgender', g), isActive: filters.vocalgender.includes(g) }))}
      />
      <FilterLinks
        title="Samples"
        reset={{ ...filters, samplestype: null }}
        options={SAMPLE_TYPES.map((s) => ({
          title: s.title,
          filters: { ...filters, samplestype: filters.samplestype === s.value ? null : s.value },
          isActive: filters.samplestype === s.value,
        }))}
      />
      <FilterLinks
        title="Key"
        reset={{ ...filters, key: [] }}
        options={KEYS.map((k) => ({ title: k, filters: toggleList(filters, 'key', k), isActive: filters.key.includes(k) }))}
      />
      <FilterLinks
        title="Scale"
        reset={{ ...filters, scale: [] }}
        options={SCALES.map((s) => ({ title: s, filters: toggleList(filters, 'scale', s), isActive: filters.scale.includes(s) }))}
      />
      <RangeFilter key={`bpm-${filters.bpm?.join()}`} title="BPM" name="bpm" bounds={BPM_RANGE} filters={filters} />
      <RangeFilter key={`price-${filters.price?.join()}`} title="Price, USD" name="price" bounds={PRICE_RANGE_USD} filters={filters} />
      <label className="checkbox filter-hidesold">
        <input
          type="checkbox"
          checked={filters.hidesold}
          onChange={(event) => dispatch(beatsFiltersChanged({ ...filters, hidesold: event.target.checked }))}
        />
        Hide sold
      </label>
      <Link href={beatsUrl({ ...DEFAULT_FILTERS, tags: filters.tags })} className="filter-panel__reset-all">
        Reset all filters
      </Link>
    </div>
  );
}

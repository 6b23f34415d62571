import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { parseBeatsQuery, TAG_PATTERN } from '../../../shared/domain/catalogue/beatsQuery';
import { LAYOUT_PX, TAGS } from '../../../shared/domain/constants';
import { beatsFiltersChanged } from '../../../shared/features/catalogue/catalogueSlice';
import {
  autocompleteQuery,
  popularTagsRequested,
  selectBeatsSearch,
  selectSelectedTags,
  selectTagSearchLoading,
  selectTagSearchValue,
  selectTagSuggestions,
  stripTagText,
  tagSearchTyped,
} from '../../../shared/features/tagSearch/tagSearchSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { SearchIcon } from '../shell/icons';
import { TagChips } from './TagChips';

const DESKTOP_QUERY = `(min-width: ${LAYOUT_PX.desktopMinWidth}px)`;

/**
 * Desktop or tablet, read after hydration: the server and the first browser render both assume
 * the default 1280 px window (SPEC §9), so hydration sees identical markup.
 */
function useDesktop(forced: boolean | undefined) {
  const [desktop, setDesktop] = useState(forced ?? true);
  useEffect(() => {
    if (forced !== undefined) {
      setDesktop(forced);
      return;
    }
    if (typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(DESKTOP_QUERY);
    setDesktop(media.matches);
    const onChange = (event: MediaQueryListEvent) => setDesktop(event.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [forced]);
  return desktop;
}

/** A typed character SPEC §5 does not allow (shortcuts such as Ctrl+V are not characters). */
const isBlockedKey = (event: KeyboardEvent<HTMLInputElement>) =>
  [...event.key].length === 1 && !((event.ctrlKey || event.metaKey) && !event.altKey) && !TAG_PATTERN.test(event.key);

/**
 * SPEC §2/§4/§5: the /beats header's tag search. Selected tags live in the URL and show as chips;
 * a combobox adds more (Enter or a click on a suggestion), up to three.
 * `desktop` overrides the 1280 px media query (tests, or a layout that already knows).
 */
export function TagSearch({ desktop: forcedDesktop }: { desktop?: boolean }) {
  const dispatch = useAppDispatch();
  const search = useAppSelector(selectBeatsSearch);
  const selected = useAppSelector(selectSelectedTags);
  const value = useAppSelector(selectTagSearchValue);
  const suggestions = useAppSelector(selectTagSuggestions);
  const loading = useAppSelector(selectTagSearchLoading);
  const desktop = useDesktop(forcedDesktop);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const typing = autocompleteQuery(value) !== '';
  const showLoader = loading && typing;
  const expanded = focused && open && (suggestions.length > 0 || showLoader);
  const activeTag = expanded ? suggestions[active] : undefined;

  // Desktop blocks what keydown cannot see (IME, dictation); the value is still stripped below.
  useEffect(() => {
    const input = inputRef.current;
    if (!input || !desktop) return;
    const onBeforeInput = (event: InputEvent) => {
      if (event.data && stripTagText(event.data) !== event.data) event.preventDefault();
    };
    input.addEventListener('beforeinput', onBeforeInput);
    return () => input.removeEventListener('beforeinput', onBeforeInput);
  }, [desktop, selected.length]);

  const changeTags = (tags: string[]) => dispatch(beatsFiltersChanged({ ...parseBeatsQuery(search), tags }));

  const add = (text: string) => {
    const tag = text.trim();
    if (!tag || tag.length > TAGS.maxLength || !TAG_PATTERN.test(tag)) return;
    dispatch(tagSearchTyped(''));
    setActive(-1);
    const known = selected.some((chosen) => chosen.toLowerCase() === tag.toLowerCase());
    if (known || selected.length >= TAGS.maxSearchTags) return;
    changeTags([...selected, tag]);
  };

  const remove = (tag: string) => changeTags(selected.filter((chosen) => chosen !== tag));

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    dispatch(tagSearchTyped(stripTagText(event.target.value).slice(0, TAGS.maxLength)));
    setOpen(true);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(Math.max(0, Math.min(suggestions.length - 1, active + step)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      add(activeTag ?? value);
    } else if (event.key === 'Escape') {
      if (expanded) event.stopPropagation();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Backspace' && value === '' && selected.length > 0) {
      event.preventDefault();
      remove(selected[selected.length - 1]!);
    } else if (desktop && isBlockedKey(event)) {
      event.preventDefault();
    }
  };

  return (
    <div className="tag-search">
      {selected.length > 0 && <TagChips tags={selected} label="Selected tags" className="tag-search__chips" onRemove={remove} />}
      {selected.length < TAGS.maxSearchTags && (
        <div className="tag-search__field">
          {!desktop && (
            <span className="tag-search__icon" aria-hidden="true">
              <SearchIcon />
            </span>
          )}
          <input
            ref={inputRef}
            type="text"
            className="tag-search__input"
            role="combobox"
            aria-label="Search tags"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeTag !== undefined ? `${listId}-${active}` : undefined}
            placeholder="Search tags"
            autoComplete="off"
            // In the phone's overlay the search starts in its field, keyboard up, as a phone's search does.
            data-autofocus={desktop ? undefined : true}
            maxLength={TAGS.maxLength}
            value={value}
            onChange={onChange}
            onKeyDown={onKeyDown}
            onFocus={() => {
              setFocused(true);
              setOpen(true);
              dispatch(popularTagsRequested());
            }}
            onBlur={() => {
              setFocused(false);
              setActive(-1);
            }}
          />
          {expanded && (
            <div className="tag-search__dropdown">
              {suggestions.length > 0 && (
                <ul id={listId} className="tag-search__list" role="listbox" aria-label={typing ? 'Tag suggestions' : 'Popular tags'}>
                  {suggestions.map((tag, index) => (
                    <li
                      key={tag}
                      id={`${listId}-${index}`}
                      role="option"
                      aria-selected={index === active}
                      // Keeps focus in the input; the click then adds the tag.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => add(tag)}
                    >
                      {tag}
                    </li>
                  ))}
                </ul>
              )}
              {showLoader && (
                <div className="tag-search__loader" role="status">
                  Loading tags…
                </div>
              )}
            </div>
          )}
        </div>
      )}
    </div>
  );
}

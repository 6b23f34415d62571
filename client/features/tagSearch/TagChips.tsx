/** Selected tags as chips, each with its remove control: in the tag search, and on /beats below 1280 px. */
export function TagChips({ tags, label, className, onRemove }: { tags: readonly string[]; label: string; className: string; onRemove: (tag: string) => void }) {
  return (
    <ul className={className} aria-label={label}>
      {tags.map((tag) => (
        <li key={tag} className="tag-search__chip">
          <span>{tag}</span>
          <button type="button" className="tag-search__remove" aria-label={`Remove tag ${tag}`} onClick={() => onRemove(tag)}>
            <svg viewBox="0 0 10 10" width="10" height="10" aria-hidden="true" focusable="false">
              <path d="M1 1l8 8M9 1l-8 8" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
            </svg>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Small inline icons of the player's controls; the buttons carry the accessible names. */
const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path d={d} fill="currentColor" />
  </svg>
);

export const PlayIcon = () => <Icon d="M8 5v14l11-7z" />;
export const PauseIcon = () => <Icon d="M6 5h4v14H6zM14 5h4v14h-4z" />;
export const PreviousIcon = () => <Icon d="M6 5h2v14H6zM9.5 12 19 5v14z" />;
export const NextIcon = () => <Icon d="M16 5h2v14h-2zM5 5l9.5 7L5 19z" />;

import { MOOD_GLYPHS, type MoodName } from './moodGlyphs';

const isMoodName = (name: string): name is MoodName => Object.hasOwn(MOOD_GLYPHS, name);

/** A mood's icon, shipped with the app as SVG; its accessible name is the mood's name. */
export function MoodIcon({ name }: { name: string }) {
  if (!isMoodName(name)) return null;
  return (
    <svg
      className="mood-icon"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      role="img"
      aria-label={name}
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {MOOD_GLYPHS[name]}
    </svg>
  );
}

/**
 * The icon and the name as text beside it. The text is hidden from assistive technology, which
 * reads the icon's name, so the control is named once ("calm", not "calm calm").
 */
export function MoodLabel({ name, text = name }: { name: string; text?: string }) {
  if (!isMoodName(name)) return <span className="mood-label">{text}</span>;
  return (
    <span className="mood-label">
      <MoodIcon name={name} />
      <span aria-hidden="true">{text}</span>
    </span>
  );
}

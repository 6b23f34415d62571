/**
 * The open popups (SPEC §4 popup stack): only the topmost answers Escape and keeps focus, so a
 * popup opened over another (terms over registration) closes first. The topmost is the one
 * latest in document order, which is the one drawn on top: a popup rendered after, or inside,
 * another. (Mount order would not do: React runs a child's effects before its parent's.)
 */
const open = new Set<HTMLElement>();

export function pushPopup(dialog: HTMLElement): () => void {
  open.add(dialog);
  return () => {
    open.delete(dialog);
  };
}

export function topPopup(): HTMLElement | null {
  let top: HTMLElement | null = null;
  for (const dialog of open) {
    if (top === null || top.compareDocumentPosition(dialog) & Node.DOCUMENT_POSITION_FOLLOWING) top = dialog;
  }
  return top;
}

export const anyPopupOpen = () => open.size > 0;

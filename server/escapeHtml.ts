/** Text made safe to place in HTML, between tags or in a quoted attribute (mails, the sandbox's pages). */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

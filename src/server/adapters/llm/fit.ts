// Keeping generated copy inside the creative fields' limits (spec 2 §9: body 280, headline 80,
// description 250): cut at a word boundary and mark the cut, rather than losing the whole text.

/** One line of plain text: whitespace collapsed, surrounding quotes and list markers removed. */
export function cleanLine(s: string): string {
  return s
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:[-*•]|\d{1,2}[.)])\s+/, '')
    .replace(/^["“”„«»']+|["“”«»']+$/g, '')
    .trim();
}

/** `s` within `max` characters; when cut, at the last word boundary with an ellipsis. */
export function fitTo(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  const base = space >= max * 0.5 ? cut.slice(0, space) : cut;
  return `${base.replace(/[\s,;:–-]+$/, '')}…`;
}

/** Distinct non-blank texts, in order (case-insensitive). */
export function distinct(texts: string[]): string[] {
  const seen = new Set<string>();
  return texts.filter((t) => {
    const k = t.toLowerCase();
    if (!t || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

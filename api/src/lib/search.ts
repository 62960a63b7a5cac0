/** The text as an ILIKE pattern that finds it anywhere: `%`, `_` and `\` typed by the user match themselves. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A search box's text as `likePattern`, trimmed; blank or missing text gives undefined (no filter). */
export function containsPattern(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? likePattern(trimmed) : undefined;
}

/**
 * A search text as an ILIKE pattern that finds it anywhere: `%`, `_` and `\` typed by the user match
 * themselves, not any characters. Blank or missing text gives undefined (no filter).
 */
export function containsPattern(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? `%${trimmed.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;
}

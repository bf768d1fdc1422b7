/**
 * Rules every call's parameters follow, whatever the call (applied once, by `defineCall`).
 *
 * Control characters: no field of ours takes them. NUL in particular cannot be stored in a
 * Postgres text or jsonb value at all; tab, line feed and carriage return are kept for free text
 * (messages, addresses). Nor does any take half a surrogate pair, which is no character (a
 * browser never sends one; JSON can spell it, and Postgres's jsonb refuses it).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Half of a UTF-16 surrogate pair without its other half: not a character at all (jsonb refuses it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text no field takes: a control character, or a broken character. */
export const unfitText = (s: string) => CONTROL_CHARACTER.test(s) || LONE_SURROGATE.test(s);

/** The refusal, naming the parameter: `Message must not contain control characters.` */
export const controlCharacterMessage = (path: (string | number)[]) =>
  `${path.join('.') || 'The request'} must not contain control characters.`;

/** The path of the first text inside `value` holding a control character (or a broken one), or null. */
export function controlCharacterPath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return unfitText(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterPath(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (unfitText(k)) return [...path, k];
      const found = controlCharacterPath(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}

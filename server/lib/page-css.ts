/*
 * The rules of the app's stylesheet a server-rendered page can use, to inline in that page alone.
 *
 * The whole stylesheet is 42 KB (9 KB gzipped): inlined in every page, it made a page's HTML larger
 * than the 14.6 KB a phone receives in the first round trip of a new connection (TCP's initial
 * window), and the page then took a round trip more to arrive. A page now carries the rules that
 * can match its own HTML; the whole stylesheet is linked once the page has painted
 * (src/lib/start-after-hero.ts), before the app's code runs and adds anything the server did not
 * render. Decision 0075.
 *
 * The test of a selector is on the safe side: a rule stays unless its selector names, outside any
 * parentheses, a class, an id or an element the page does not contain. Attributes, pseudo-classes
 * (:hover, :focus-visible, [open], [aria-expanded]) and everything inside :is(), :where(), :not()
 * and :has() are taken as "may match". At-rules other than @media, @supports, @container and
 * @layer blocks are kept whole.
 */

export interface PageVocabulary {
  classes: Set<string>;
  ids: Set<string>;
  tags: Set<string>;
}

/** The classes, ids and element names a page's HTML contains. */
export function vocabularyOf(html: string): PageVocabulary {
  const classes = new Set<string>();
  const ids = new Set<string>();
  // The parser adds these when the markup leaves them out.
  const tags = new Set(['html', 'head', 'body', 'tbody']);
  for (const m of html.matchAll(/<([a-zA-Z][\w-]*)/g)) tags.add(m[1]!.toLowerCase());
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) for (const c of m[1]!.split(/\s+/)) if (c) classes.add(c);
  for (const m of html.matchAll(/\sid="([^"]*)"/g)) ids.add(m[1]!);
  return { classes, ids, tags };
}

/** Splits `text` at `separator` where it is outside parentheses, brackets and strings. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === separator && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}

/** The selector with every parenthesised, bracketed or quoted part taken out. */
function topLevelOf(selector: string): string {
  let out = '';
  let depth = 0;
  let quote = '';
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (depth === 0) out += ch;
  }
  return out;
}

/** Whether one complex selector (no commas) can match something in the page: false only when it surely cannot. */
export function selectorMayMatch(selector: string, page: PageVocabulary): boolean {
  // Escaped names would be cut short by the patterns below: keep those rules.
  if (selector.includes('\\')) return true;
  const top = topLevelOf(selector);
  for (const m of top.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) if (!page.classes.has(m[1]!)) return false;
  for (const m of top.matchAll(/#(-?[_a-zA-Z][\w-]*)/g)) if (!page.ids.has(m[1]!)) return false;
  // An element name starts a compound: at the start or after a combinator or a space, not after
  // '.', '#' or ':' (classes, ids, pseudo-classes, pseudo-elements).
  for (const m of top.matchAll(/(?:^|[\s>+~])([a-zA-Z][\w-]*)/g)) if (!page.tags.has(m[1]!.toLowerCase())) return false;
  return true;
}

/** Where the block that opens at `open` (a '{') closes: the index of its '}'. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  let quote = '';
  for (let i = open; i < css.length; i++) {
    const ch = css[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i;
  }
  return css.length;
}

const GROUPING_AT_RULES = /^@(media|supports|container|layer)\b/i;

/** The stylesheet (as minified CSS text) with only the rules that can match the page. */
export function cssForPage(css: string, page: PageVocabulary): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    // Comments: license comments are kept, others dropped.
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2);
      const stop = end === -1 ? css.length : end + 2;
      if (css[i + 2] === '!') out += css.slice(i, stop);
      i = stop;
      continue;
    }
    const open = css.indexOf('{', i);
    const semicolon = css.indexOf(';', i);
    // A statement at-rule (@import, @charset, @layer a, b;) ends at its semicolon.
    if (css[i] === '@' && semicolon !== -1 && (open === -1 || semicolon < open)) {
      out += css.slice(i, semicolon + 1);
      i = semicolon + 1;
      continue;
    }
    if (open === -1) {
      out += css.slice(i);
      break;
    }
    const close = closingBrace(css, open);
    const prelude = css.slice(i, open);
    const block = css.slice(open + 1, close);
    const head = prelude.trim();
    if (head.startsWith('@')) {
      if (GROUPING_AT_RULES.test(head)) {
        const inner = cssForPage(block, page);
        if (inner) out += `${prelude}{${inner}}`;
      } else {
        out += `${prelude}{${block}}`;
      }
    } else if (head) {
      const kept = splitTopLevel(prelude, ',').filter((s) => selectorMayMatch(s.trim(), page));
      if (kept.length) out += `${kept.join(',')}{${block}}`;
    }
    i = close + 1;
  }
  return out;
}

/** The id of the page's inline stylesheet (src/app/document.tsx's INLINE_CSS_ID). */
const INLINE_STYLE = /(<style id="shop-css"[^>]*>)([\s\S]*?)(<\/style>)/;

/** The page with its inline stylesheet cut down to the rules its HTML can use. */
export function withPageCss(html: string): string {
  const match = INLINE_STYLE.exec(html);
  if (!match) return html;
  const page = vocabularyOf(html.slice(0, match.index) + html.slice(match.index + match[0].length));
  const css = cssForPage(match[2]!, page);
  return html.slice(0, match.index) + match[1] + css + match[3] + html.slice(match.index + match[0].length);
}

import sanitizeHtml from 'sanitize-html';

/**
 * The only HTML content may carry to a page: simple structure and links over http(s) or relative
 * URLs. Everything else is dropped; script and style elements lose their content too.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a'],
  // `rel` is set by transformTags below, never taken from the content.
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      // Links leaving the site open without handing it our window or our readers.
      const external = /^https?:/i.test(href);
      const out: sanitizeHtml.Attributes = { href };
      if (external) out.rel = 'noopener noreferrer nofollow';
      return { tagName, attribs: out };
    },
  },
};

/** Sanitises stored rich text (blog bodies, reviews, statements) before it leaves the server. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text: every tag removed, entities kept escaped as sanitize-html leaves them. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}

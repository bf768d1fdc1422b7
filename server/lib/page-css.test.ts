import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cssForPage, selectorMayMatch, vocabularyOf, withPageCss } from './page-css.ts';

const page = vocabularyOf(
  '<html><body><header class="top-bar is-sticky" id="top"><a class="brand" href="/">W</a></header>' +
    '<table class="prices"><tr><td>1</td></tr></table><details class="faq"><summary>Q</summary></details></body></html>',
);

describe('which rules of the stylesheet a page keeps', () => {
  it('drops a rule whose class, id or element the page does not contain', () => {
    expect(selectorMayMatch('.top-bar', page)).toBe(true);
    expect(selectorMayMatch('.top-bar .brand', page)).toBe(true);
    expect(selectorMayMatch('.cart-line', page)).toBe(false);
    expect(selectorMayMatch('.top-bar .cart-badge', page)).toBe(false);
    expect(selectorMayMatch('#top>a', page)).toBe(true);
    expect(selectorMayMatch('#checkout', page)).toBe(false);
    expect(selectorMayMatch('header a.brand', page)).toBe(true);
    expect(selectorMayMatch('footer a', page)).toBe(false);
    expect(selectorMayMatch('.top-bar+main', page)).toBe(false);
  });

  it('keeps what may match once the page is used: states, attributes, and anything in parentheses', () => {
    expect(selectorMayMatch('.brand:hover', page)).toBe(true);
    expect(selectorMayMatch('.faq[open] summary', page)).toBe(true);
    expect(selectorMayMatch('.brand:focus-visible::after', page)).toBe(true);
    expect(selectorMayMatch('.top-bar :where(.menu-open, h2)', page)).toBe(true);
    expect(selectorMayMatch('.brand:not(.is-current)', page)).toBe(true);
    expect(selectorMayMatch('html[data-interactive] .brand', page)).toBe(true);
    expect(selectorMayMatch(':root', page)).toBe(true);
    expect(selectorMayMatch('*', page)).toBe(true);
    expect(selectorMayMatch('.md\\:wide', page)).toBe(true);
  });

  it('counts the elements the parser adds to the markup (a table row lands in a tbody)', () => {
    expect(selectorMayMatch('.prices tbody tr', page)).toBe(true);
  });

  it('keeps the selectors of a list that may match, and media rules with anything left in them', () => {
    const css =
      ':root{--brand:#0f766e}.top-bar,.cart-line{display:flex}.cart-line{color:red}' +
      '@media (width>=900px){.cart-line{gap:1rem}}@media (width>=700px){.brand{font-size:2rem}.cart-line{gap:2rem}}' +
      '@keyframes spin{to{transform:rotate(1turn)}}.q{content:"{.cart-line}"}';
    expect(cssForPage(css, page)).toBe(
      ':root{--brand:#0f766e}.top-bar{display:flex}@media (width>=700px){.brand{font-size:2rem}}@keyframes spin{to{transform:rotate(1turn)}}',
    );
  });

  it("cuts the page's inline stylesheet and leaves the rest of the page as it was", () => {
    const html =
      '<html><head><style id="shop-css">.brand{color:red}.cart-line{color:blue}</style></head><body><a class="brand">W</a></body></html>';
    expect(withPageCss(html)).toBe(html.replace('.cart-line{color:blue}', ''));
    // Names in the stylesheet itself do not count as the page's.
    expect(withPageCss('<style id="shop-css">.x{a:b}</style><p class="y">')).toBe(
      '<style id="shop-css"></style><p class="y">',
    );
  });

  it('parses the built stylesheet whole: with every name in the page, nothing is dropped', () => {
    const assets = join(import.meta.dirname, '../../dist/client/assets');
    let files: string[] = [];
    try {
      files = readdirSync(assets).filter((f) => f.endsWith('.css'));
    } catch {
      // No build: the stylesheet of the sources stands in below.
    }
    const css = files.length
      ? readFileSync(join(assets, files[0]!), 'utf8')
      : readFileSync(join(import.meta.dirname, '../../src/styles.css'), 'utf8');
    const everything = {
      classes: { has: () => true },
      ids: { has: () => true },
      tags: { has: () => true },
    } as unknown as ReturnType<typeof vocabularyOf>;
    const minified = css.replace(/\/\*(?!!)[\s\S]*?\*\//g, '');
    expect(cssForPage(minified, everything).replace(/\s+/g, '')).toBe(minified.replace(/\s+/g, ''));
  });
});

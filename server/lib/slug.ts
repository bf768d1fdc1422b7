/**
 * The one way a name becomes a slug (a deal's or coupon's address, a seeded partner's mail box):
 * lower case, accents folded (Malé → male), every other run of characters a hyphen, none at
 * either end, cut to `max` characters without a trailing hyphen. Empty when nothing is left.
 */
export const slugOf = (name: string, max = 80): string =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, max)
    .replace(/-$/, '');

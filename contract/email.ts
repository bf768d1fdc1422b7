/*
 * The one rule for an email address, for every form and call that takes one: sign-up, log in,
 * password reset, enquiries and the itinerary. It imports nothing, so any module may use it.
 */

/** Domains that can never receive mail (RFC 2606 and 6761). */
const RESERVED_TLDS = new Set(['test', 'example', 'invalid', 'localhost', 'local']);
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TLD = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{2,59})$/;

/** An address mail can actually reach: user@domain.tld, no spaces, no reserved domain. */
export function isRealEmail(value: string): boolean {
  const v = value.trim();
  if (v.length > 254) return false;
  const at = v.lastIndexOf('@');
  if (at < 1) return false;
  const local = v.slice(0, at);
  const domain = v.slice(at + 1).toLowerCase();
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  if (domain.length > 253) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => DOMAIN_LABEL.test(l))) return false;
  const tld = labels[labels.length - 1]!;
  return TLD.test(tld) && !RESERVED_TLDS.has(tld);
}

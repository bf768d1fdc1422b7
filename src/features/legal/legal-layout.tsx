import type { ReactNode } from 'react';
import { getShopDetails } from '../../../contract/content-calls.ts';
import type { ShopPublic } from '../../../contract/content.ts';
import { Seo } from '../../components/seo.tsx';
import { useCall } from '../../lib/use-call.ts';
import { shopParams } from './legal-data.ts';
import './legal.css';

/**
 * One of the shop's own pages (About, Terms, Privacy): a heading, its date, and sections with headings of their own.
 */
export function LegalPage({
  title,
  description,
  updated,
  children,
}: {
  title: string;
  description: string;
  updated?: string;
  children: (shop: ShopPublic | undefined) => ReactNode;
}) {
  const shop = useCall(getShopDetails, shopParams);
  return (
    <article className="section narrow legal-page">
      <Seo title={title} description={description} />
      <h1>{title}</h1>
      {updated ? <p className="legal-updated">Last updated {updated}</p> : null}
      {children(shop.data)}
    </article>
  );
}

/** The seller in one block: legal name, address, tax number and how to reach them. */
export function SellerBlock({ shop }: { shop: ShopPublic | undefined }) {
  if (!shop) return null;
  return (
    <address className="legal-seller">
      <strong>{shop.legalName}</strong>
      {shop.address.map((line) => (
        <span key={line}>{line}</span>
      ))}
      <span>
        {shop.taxLabel} {shop.taxNumber}
      </span>
      <span>
        Phone <a href={`tel:${shop.phone.replace(/\s+/g, '')}`}>{shop.phone}</a> · Email{' '}
        <a href={`mailto:${shop.email}`}>{shop.email}</a>
      </span>
    </address>
  );
}

import { sql } from 'drizzle-orm';
import type { DeskPackageOption } from '../../../contract/desk-new-booking.ts';
import type { Currency, Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';

/** The site's holidays on sale, by title: the desk's New booking chooses from them. */
export async function deskPackages(db: Db, site: Site): Promise<DeskPackageOption[]> {
  const { rows } = await db.execute<{
    id: number;
    title: string;
    city: string;
    nights: number;
    amount: number;
    currency: Currency;
  }>(sql`
    select p.id, p.title, c.name as city, p.nights, pp.amount, pp.currency
    from packages p join cities c on c.id = p.city_id join package_prices pp on pp.package_id = p.id and pp.site = ${site}
    where p.published order by p.title, p.id`);
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    city: r.city,
    nights: Number(r.nights),
    fromPrice: Number(r.amount),
    currency: r.currency,
  }));
}

import type { PackageDetail } from '../../../contract/catalogue.ts';
import { PackageCard } from './package-card.tsx';

/** "You may also like" under a package: loaded as the package page hydrates (src/app/lazy-part.tsx). */
export function RelatedHolidays({ related }: { related: PackageDetail['related'] }) {
  return (
    <section className="section" aria-labelledby="related-heading">
      <h2 id="related-heading">You may also like</h2>
      <div className="card-grid">
        {related.map((p) => (
          <PackageCard key={p.id} pkg={p} />
        ))}
      </div>
    </section>
  );
}

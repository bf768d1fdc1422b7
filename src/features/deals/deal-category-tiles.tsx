import { Link } from 'react-router-dom';
import type { DealCategory } from '../../../contract/deals.ts';
import { useSite } from '../../app/site-context.tsx';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import '../home/home.css';

/** Seasonal deal categories as picture tiles, each to /deals/<slug>. */
export function DealCategoryTiles({ categories }: { categories: DealCategory[] }) {
  const { href } = useSite();
  return (
    <ul className="tile-grid">
      {categories.map((c) => (
        <li key={c.id}>
          <Link className="tile" to={href(`/deals/${c.slug}`)}>
            <ResponsiveImage
              className="tile-image"
              src={c.image}
              alt=""
              widths={[480, 960]}
              sizes="(min-width: 700px) 25vw, 50vw"
              width={480}
              height={360}
            />
            <span className="tile-text">
              <span className="tile-title">{c.name}</span>
              <span className="tile-meta">
                {c.dealCount} {c.dealCount === 1 ? 'deal' : 'deals'}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

import { Link } from 'react-router-dom';
import { getFeaturedPackages } from '../../../contract/catalogue-calls.ts';
import { useSite } from '../../app/site-context.tsx';
import { Seo } from '../../components/seo.tsx';
import { useCall } from '../../lib/use-call.ts';
import { PackageCard } from '../catalogue/package-card.tsx';
import { featuredParams } from './home-data.ts';

export default function HomePage() {
  const { site, href } = useSite();
  const featured = useCall(getFeaturedPackages, featuredParams);
  const where = site === 'IN' ? 'from India' : 'from the UAE';
  return (
    <>
      <Seo
        title={site === 'IN' ? 'Holiday packages from India' : 'Holiday packages from the UAE'}
        description={`Handpicked holiday packages ${where}: honeymoons, family trips and adventures with flights, stays and transfers, priced in ${site === 'IN' ? 'rupees' : 'AED'}.`}
      />
      <section className="hero">
        <div className="hero-text">
          <h1>Holidays that feel effortless</h1>
          <p>Handpicked packages {where}, with stays, transfers and sightseeing sorted — and your vouchers in your pocket, even offline.</p>
          <Link className="button button-primary" to={href('/holidays')}>
            Explore holidays
          </Link>
        </div>
      </section>
      <section className="section" aria-labelledby="featured-heading">
        <div className="section-head">
          <h2 id="featured-heading">Featured holidays</h2>
          <Link to={href('/holidays')}>See all</Link>
        </div>
        {featured.error && !featured.data ? (
          <p role="alert" className="notice notice-error">
            {featured.error.message}
          </p>
        ) : null}
        <div className="card-grid">
          {featured.data
            ? featured.data.packages.map((p, i) => <PackageCard key={p.id} pkg={p} priority={i === 0} />)
            : Array.from({ length: 4 }, (_, i) => <div key={i} className="card card-skeleton" aria-hidden="true" />)}
        </div>
      </section>
    </>
  );
}

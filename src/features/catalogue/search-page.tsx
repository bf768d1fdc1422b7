import { Link, useLocation } from 'react-router-dom';
import { searchHolidays } from '../../../contract/catalogue-calls.ts';
import { useSite } from '../../app/site-context.tsx';
import { Seo } from '../../components/seo.tsx';
import { useCall } from '../../lib/use-call.ts';
import { GlobalSearch } from '../home/global-search.tsx';
import { PackageCard } from './package-card.tsx';
import { searchParams, searchQueryOf } from './search-data.ts';
import './catalogue.css';

/** /search?q=…: holidays matching free text, best first, with the query kept in the box and the URL. */
export default function SearchPage() {
  const { href } = useSite();
  const { search } = useLocation();
  const q = searchQueryOf(new URLSearchParams(search));
  const result = useCall(searchHolidays, q ? searchParams(q) : null);
  const data = result.data;
  const heading = !q
    ? 'Search holidays'
    : data?.match === 'none'
      ? `No holidays match “${q}”`
      : `Holidays matching “${q}”`;
  return (
    <>
      <Seo
        title={q ? `Search: ${q}` : 'Search holidays'}
        description="Search holidays by place, trip type or interest."
        noindex
      />
      <div className="page-intro">
        <h1>{heading}</h1>
        {data && data.match !== 'none' ? (
          <p>
            {data.total} holiday{data.total === 1 ? '' : 's'}
            {data.match === 'any' ? `: none has every word, these have some of them` : ''}.
          </p>
        ) : null}
      </div>
      {data?.didYouMean ? (
        <p className="did-you-mean">
          Did you mean{' '}
          <Link to={href(data.didYouMean.url)} className="did-you-mean-link">
            {data.didYouMean.label}
          </Link>
          ?
        </p>
      ) : null}
      {/* Keyed by the query: a new search starts with its own text in the box. */}
      <GlobalSearch key={q} initial={q} />
      {q && !data && result.error ? (
        <p className="notice notice-error" role="alert">
          {result.error.message}
        </p>
      ) : null}
      {q && !data && !result.error ? (
        <div className="card card-skeleton" aria-busy="true" aria-label="Searching" />
      ) : null}
      {data?.packages.length ? (
        <section className="section" aria-labelledby="results-heading">
          <h2 id="results-heading" className="visually-hidden">
            Results
          </h2>
          <div className="card-grid">
            {data.packages.map((p, i) => (
              <PackageCard key={p.id} pkg={p} priority={i === 0} />
            ))}
          </div>
        </section>
      ) : null}
      {data?.match === 'none' ? (
        <section className="section" aria-labelledby="try-heading">
          <h2 id="try-heading">Try one of these</h2>
          <ul className="chip-links">
            {data.suggestions.map((s) => (
              <li key={s.url}>
                <Link className="chip-link" to={href(s.url)}>
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
          <p>
            Or <Link to={href('/holidays')}>browse every holiday</Link>, or{' '}
            <Link to={href('/contact')}>tell us where you would like to go</Link>: we plan trips to places not listed
            here too.
          </p>
        </section>
      ) : null}
    </>
  );
}

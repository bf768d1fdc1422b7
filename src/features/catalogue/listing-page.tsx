import { useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  getFeaturedPackages,
  getPackageFilters,
  getPackagesByTypeCityAndInterest,
} from '../../../contract/catalogue-calls.ts';
import type { PackageFilters } from '../../../contract/catalogue.ts';
import { getMissionStatmentForListingPage } from '../../../contract/content-calls.ts';
import { lazyPart } from '../../app/lazy-part.tsx';
import { useSite } from '../../app/site-context.tsx';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { Seo } from '../../components/seo.tsx';
import { useCall } from '../../lib/use-call.ts';
import { filtersParams, listingMissionParams, popularParams } from './listing-data.ts';
import {
  PAGE_SIZE,
  SORTS,
  hasSearch,
  listingSearch,
  parseListingQuery,
  searchErrorMessage,
  searchParamsFor,
  toggleInterest,
  type ListingQuery,
} from './listing-query.ts';
import { PackageCard } from './package-card.tsx';
import './catalogue.css';

// At the foot of the page: its code loads as the page hydrates, not before (decision 0074).
const MissionStatement = lazyPart(() => import('../content/mission-statement.tsx').then((m) => m.MissionStatement));

function useListingQuery(): [ListingQuery, (next: Partial<ListingQuery>, opts?: { replace?: boolean }) => void] {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const query = parseListingQuery(search);
  const update = (next: Partial<ListingQuery>, opts?: { replace?: boolean }) =>
    navigate({ pathname, search: listingSearch({ ...query, pages: 1, ...next }) }, { replace: opts?.replace });
  return [query, update];
}

/** Plain GET form: it works before (and without) JavaScript; with it, every change applies at once. */
function Filters({
  query,
  filters,
  onChange,
}: {
  query: ListingQuery;
  filters: PackageFilters | undefined;
  onChange: (next: Partial<ListingQuery>) => void;
}) {
  const { href } = useSite();
  const id = useId();
  const countries = [...new Set(filters?.cities.map((c) => c.country.name) ?? [])];
  const num = (v: string) => (v ? Number(v) : undefined);
  return (
    <form
      className="filters"
      method="get"
      action={href('/holidays')}
      aria-label="Filter holidays"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="filters-row">
        <div className="field">
          <label htmlFor={`${id}-city`}>Destination</label>
          <select
            id={`${id}-city`}
            name="cityId"
            value={query.cityId ?? ''}
            onChange={(e) => onChange({ cityId: num(e.target.value) })}
          >
            <option value="">Any destination</option>
            {countries.map((country) => (
              <optgroup key={country} label={country}>
                {filters!.cities
                  .filter((c) => c.country.name === country)
                  .map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name} ({c.packageCount})
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>Trip type</label>
          <select
            id={`${id}-type`}
            name="typeId"
            value={query.typeId ?? ''}
            onChange={(e) => onChange({ typeId: num(e.target.value) })}
          >
            <option value="">Any trip type</option>
            {filters?.tripTypes.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <select
            id={`${id}-sort`}
            name="sort"
            value={query.sort}
            onChange={(e) => onChange({ sort: e.target.value as ListingQuery['sort'] })}
          >
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {filters?.interests.length ? (
        <fieldset className="interests">
          <legend>Interests</legend>
          <div className="chips">
            {/* Chosen interests first, so they show without scrolling the row. */}
            {[...filters.interests]
              .sort((a, b) => Number(query.interests.includes(b.id)) - Number(query.interests.includes(a.id)))
              .map((i) => (
                <label key={i.id} className="chip">
                  <input
                    type="checkbox"
                    name="interests"
                    value={i.id}
                    checked={query.interests.includes(i.id)}
                    onChange={() => onChange({ interests: toggleInterest(query, i.id) })}
                  />
                  <span>{i.name}</span>
                </label>
              ))}
          </div>
        </fieldset>
      ) : null}
      {/* With JavaScript every change applies at once; without it, this sends the form. */}
      <noscript>
        <button type="submit" className="button button-primary">
          Show holidays
        </button>
      </noscript>
    </form>
  );
}

/** One page of results ("Load more" adds the next one); the first also reports the total. */
function ResultsPage({ query, pageIndex }: { query: ListingQuery; pageIndex: number }) {
  const { data, error, mutate, isValidating } = useCall(
    getPackagesByTypeCityAndInterest,
    searchParamsFor(query, pageIndex),
    {
      keepPreviousData: pageIndex === 1,
    },
  );
  if (error && !data) {
    return (
      <div className="notice notice-error listing-error" role="alert">
        <p>{searchErrorMessage(error)}</p>
        <button type="button" className="button" onClick={() => void mutate()} disabled={isValidating}>
          {isValidating ? 'Retrying…' : 'Retry'}
        </button>
      </div>
    );
  }
  if (!data) {
    return (
      <>
        {Array.from({ length: pageIndex === 1 ? 3 : 2 }, (_, i) => (
          <div key={i} className="card card-skeleton" aria-hidden="true" />
        ))}
      </>
    );
  }
  return (
    <>
      {data.packages.map((p, i) => (
        <PackageCard key={p.id} pkg={p} priority={pageIndex === 1 && i === 0} />
      ))}
    </>
  );
}

function Results({ query, cityName, typeName }: { query: ListingQuery; cityName?: string; typeName?: string }) {
  const { href } = useSite();
  const first = useCall(getPackagesByTypeCityAndInterest, searchParamsFor(query, 1), { keepPreviousData: true });
  const total = first.data?.total;
  const pages = Array.from({ length: query.pages }, (_, i) => i + 1);
  const shown = Math.min(total ?? 0, query.pages * PAGE_SIZE);
  const loading = first.isLoading || (first.isValidating && first.data === undefined);
  return (
    <section aria-labelledby="results-heading" aria-busy={loading}>
      <h2 id="results-heading" className="results-count" aria-live="polite">
        {total === undefined
          ? first.error
            ? 'No results'
            : 'Finding holidays…'
          : `${total} ${total === 1 ? 'holiday' : 'holidays'}`}
      </h2>
      {first.error && !first.data ? (
        <div className="notice notice-error listing-error" role="alert">
          <p>{searchErrorMessage(first.error)}</p>
          <button type="button" className="button" onClick={() => void first.mutate()} disabled={first.isValidating}>
            {first.isValidating ? 'Retrying…' : 'Retry'}
          </button>
        </div>
      ) : total === 0 ? (
        <div className="empty-state">
          <p>
            <strong>No holidays match these filters.</strong>
          </p>
          <p>Try fewer interests or another trip type{cityName ? ` in ${cityName}` : ''}.</p>
          <p className="empty-actions">
            {query.interests.length ? (
              <Link className="button" to={href(`/holidays${listingSearch({ ...query, interests: [], pages: 1 })}`)}>
                Clear interests
              </Link>
            ) : null}
            <Link className="button" to={href('/holidays')}>
              All destinations
            </Link>
          </p>
        </div>
      ) : (
        <div className="card-grid">
          {pages.map((p) => (
            <ResultsPage key={p} query={query} pageIndex={p} />
          ))}
        </div>
      )}
      {total !== undefined && total > shown ? (
        <p className="load-more">
          <span className="load-more-count">
            Showing {shown} of {total}
            {typeName && !cityName ? ` ${typeName.toLowerCase()} holidays` : ''}
          </span>
          <Link className="button" to={{ search: listingSearch({ ...query, pages: query.pages + 1 }) }} replace>
            Load more
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** No city or trip type chosen: where to? (the search needs one), then what is popular. */
function DestinationChooser({
  filters,
  onlyInterests,
}: {
  filters: PackageFilters | undefined;
  onlyInterests: boolean;
}) {
  const { href } = useSite();
  const popular = useCall(getFeaturedPackages, popularParams);
  const search = useLocation().search;
  const interests = parseListingQuery(search).interests;
  return (
    <>
      {onlyInterests ? (
        <p className="notice">Choose a destination or a trip type to see holidays for these interests.</p>
      ) : null}
      <section className="section" aria-labelledby="destinations-heading">
        <h2 id="destinations-heading">Choose a destination</h2>
        <ul className="tile-grid destination-grid">
          {filters?.cities.map((c) => (
            <li key={c.id}>
              <Link className="tile" to={href(`/holidays${listingSearch({ cityId: c.id, interests })}`)}>
                <ResponsiveImage
                  className="tile-image"
                  src={`/images/places/${c.slug}-1`}
                  alt=""
                  widths={[480, 960]}
                  sizes="(min-width: 700px) 25vw, 50vw"
                  width={480}
                  height={320}
                />
                <span className="tile-text">
                  <span className="tile-title">{c.name}</span>
                  <span className="tile-meta">
                    {c.country.name !== c.name ? `${c.country.name} · ` : ''}
                    {c.packageCount} {c.packageCount === 1 ? 'holiday' : 'holidays'}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {filters?.tripTypes.length ? (
        <section className="section" aria-labelledby="types-heading">
          <h2 id="types-heading">Or pick a kind of trip</h2>
          <ul className="type-links">
            {filters.tripTypes.map((t) => (
              <li key={t.id}>
                <Link className="button" to={href(`/holidays${listingSearch({ typeId: t.id, interests })}`)}>
                  {t.name} <span className="type-count">{t.packageCount}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {popular.data?.packages.length ? (
        <section className="section" aria-labelledby="popular-heading">
          <h2 id="popular-heading">Popular right now</h2>
          <div className="card-grid">
            {popular.data.packages.map((p) => (
              <PackageCard key={p.id} pkg={p} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}

export default function ListingPage() {
  const { site } = useSite();
  const [query, update] = useListingQuery();
  const filters = useCall(getPackageFilters, filtersParams);
  const mission = useCall(getMissionStatmentForListingPage, listingMissionParams);
  const city = filters.data?.cities.find((c) => c.id === query.cityId);
  const type = filters.data?.tripTypes.find((t) => t.id === query.typeId);
  const searching = hasSearch(query);

  let title = 'Holiday packages';
  if (city && type) title = `${type.name} holidays in ${city.name}`;
  else if (city) title = `Holidays in ${city.name}`;
  else if (type) title = `${type.name} holidays`;
  const from = site === 'IN' ? 'from India' : 'from the UAE';

  return (
    <>
      <Seo
        title={`${title} ${from}`}
        description={
          city
            ? `${city.packageCount} handpicked ${city.name} holiday packages ${from}: stays, transfers and sightseeing, with prices per adult.`
            : `Browse holiday packages ${from} by destination, trip type and interests, with prices in ${site === 'IN' ? 'rupees' : 'AED'}.`
        }
      />
      <div className="listing-head">
        <h1>{title}</h1>
        {city && city.country.name !== city.name ? <p className="listing-sub">{city.country.name}</p> : null}
      </div>
      <Filters query={query} filters={filters.data} onChange={(next) => update(next)} />
      {searching ? (
        <Results query={query} cityName={city?.name} typeName={type?.name} />
      ) : (
        <DestinationChooser filters={filters.data} onlyInterests={query.interests.length > 0} />
      )}
      {mission.data ? <MissionStatement mission={mission.data} /> : null}
    </>
  );
}

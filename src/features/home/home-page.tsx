import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { getFeaturedPackages } from '../../../contract/catalogue-calls.ts';
import {
  getBanner,
  getCommonBlogUsingModuleId,
  getMissionStatment,
  getReviews,
} from '../../../contract/content-calls.ts';
import { getSeasonalDealCategory } from '../../../contract/deal-calls.ts';
import { lazyPart } from '../../app/lazy-part.tsx';
import { useSite } from '../../app/site-context.tsx';
import { Seo } from '../../components/seo.tsx';
import { useCall } from '../../lib/use-call.ts';
import { PackageCard } from '../catalogue/package-card.tsx';
import { Stars } from '../content/stars.tsx';
import { BannerCarousel } from './banner-carousel.tsx';
import { GlobalSearch } from './global-search.tsx';
import {
  dealCategoryParams,
  featuredParams,
  homeBannerParams,
  homeBlogParams,
  homeMissionParams,
  homeReviewParams,
} from './home-data.ts';
import './home.css';

// Further down the page: their code loads as the page hydrates, not before (decision 0074).
const DealCategoryTiles = lazyPart(() => import('../deals/deal-category-tiles.tsx').then((m) => m.DealCategoryTiles));
const MissionStatement = lazyPart(() => import('../content/mission-statement.tsx').then((m) => m.MissionStatement));
const BlogCard = lazyPart(() => import('../blog/blog-card.tsx').then((m) => m.BlogCard));
const ReviewList = lazyPart(() => import('../content/review-list.tsx').then((m) => m.ReviewList));

export default function HomePage() {
  const { site, href } = useSite();
  const banners = useCall(getBanner, homeBannerParams);
  const featured = useCall(getFeaturedPackages, featuredParams);
  const dealCategories = useCall(getSeasonalDealCategory, dealCategoryParams);
  const reviews = useCall(getReviews, homeReviewParams);
  const mission = useCall(getMissionStatment, homeMissionParams);
  const blog = useCall(getCommonBlogUsingModuleId, homeBlogParams);
  const where = site === 'IN' ? 'from India' : 'from the UAE';
  // A page that sent the traveller here with something to say (an account just deleted): said
  // once, then taken out of the history entry, so a reload or coming back does not say it again.
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => (location.state as { notice?: string } | null)?.notice);
  useEffect(() => {
    if (notice) void navigate(location.pathname + location.search, { replace: true, state: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);
  return (
    <>
      <Seo
        title={site === 'IN' ? 'Holiday packages from India' : 'Holiday packages from the UAE'}
        description={`Handpicked holiday packages ${where}: honeymoons, family trips and adventures with flights, stays and transfers, priced in ${site === 'IN' ? 'rupees' : 'AED'}.`}
        image={banners.data?.[0] ? `${banners.data[0].image}-1280.webp` : undefined}
      />
      {notice ? (
        <p role="status" className="notice home-notice">
          {notice}
        </p>
      ) : null}
      <section className="hero">
        <div className="hero-text">
          <h1>Holidays that feel effortless</h1>
          <p>
            Handpicked packages {where}, with stays, transfers and sightseeing sorted — and your vouchers in your
            pocket, even offline.
          </p>
          <GlobalSearch />
        </div>
      </section>

      {banners.data?.length ? <BannerCarousel banners={banners.data} label="Offers" priority /> : null}

      <ul className="trust-strip" aria-label="Why book with us">
        {reviews.data?.averageRating ? (
          <li>
            <strong>{reviews.data.averageRating.toFixed(1)} ★</strong> traveller rating
          </li>
        ) : null}
        <li>
          <strong>{site === 'IN' ? '₹ prices' : 'AED prices'}</strong> no conversion surprises
        </li>
        <li>
          <strong>Offline</strong> cart and vouchers on your phone
        </li>
      </ul>

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
        <div className="card-grid rail">
          {featured.data
            ? featured.data.packages.map((p) => <PackageCard key={p.id} pkg={p} />)
            : Array.from({ length: 4 }, (_, i) => <div key={i} className="card card-skeleton" aria-hidden="true" />)}
        </div>
      </section>

      {dealCategories.data?.length ? (
        <section className="section" aria-labelledby="deals-heading">
          <div className="section-head">
            <h2 id="deals-heading">Seasonal deals</h2>
            <Link to={href('/deals')}>All deals</Link>
          </div>
          <DealCategoryTiles categories={dealCategories.data} />
        </section>
      ) : null}

      {reviews.data?.reviews.length ? (
        <section className="section" aria-labelledby="reviews-heading">
          <h2 id="reviews-heading">What travellers say</h2>
          <p className="rating-summary">
            <Stars
              rating={reviews.data.averageRating}
              label={`Average rating ${reviews.data.averageRating} out of 5`}
            />{' '}
            {reviews.data.averageRating.toFixed(1)} from {reviews.data.total} reviews
          </p>
          <ReviewList reviews={reviews.data.reviews} rail />
        </section>
      ) : null}

      {mission.data ? <MissionStatement mission={mission.data} /> : null}

      {blog.data?.posts.length ? (
        <section className="section" aria-labelledby="blog-heading">
          <div className="section-head">
            <h2 id="blog-heading">Travel ideas</h2>
            <Link to={href('/blog')}>Read the blog</Link>
          </div>
          <div className="blog-teasers rail">
            {blog.data.posts.map((p) => (
              <BlogCard key={p.id} post={p} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}

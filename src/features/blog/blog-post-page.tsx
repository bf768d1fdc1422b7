import { Link, useParams } from 'react-router-dom';
import { getBlogDetail } from '../../../contract/content-calls.ts';
import NotFoundPage from '../../app/not-found-page.tsx';
import { useSite } from '../../app/site-context.tsx';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { Seo } from '../../components/seo.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDay } from '../../../contract/format.ts';
import { useCall } from '../../lib/use-call.ts';
import { RichText } from '../content/rich-text.tsx';
import { BlogCard } from './blog-card.tsx';
import { blogPostParams } from './blog-data.ts';
import './blog.css';

export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const { href } = useSite();
  const { data: post, error, mutate } = useCall(getBlogDetail, blogPostParams(slug));
  if (error instanceof ApiError && error.httpStatus === 404) return <NotFoundPage />;
  if (!post) {
    return (
      <section className="section narrow">
        <Seo title="Travel blog" description="An article from the Wanderlust Holidays travel blog." noindex />
        {error ? (
          <div className="notice notice-error" role="alert">
            <p>{error.message}</p>
            <button type="button" className="button" onClick={() => void mutate()}>
              Retry
            </button>
          </div>
        ) : (
          <div className="card card-skeleton" aria-hidden="true" />
        )}
      </section>
    );
  }
  return (
    <>
      <Seo title={post.title} description={post.excerpt} image={`${post.image}-960.webp`} />
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to={href('/')}>Home</Link>
          </li>
          <li>
            <Link to={href('/blog')}>Blog</Link>
          </li>
          <li aria-current="page">{post.title}</li>
        </ol>
      </nav>
      <article className="blog-post">
        <header>
          <h1>{post.title}</h1>
          <p className="blog-byline">
            By {post.author} · <time dateTime={post.publishedAt}>{formatDay(post.publishedAt)}</time>
          </p>
        </header>
        <ResponsiveImage
          className="blog-hero"
          src={post.image}
          alt=""
          widths={[480, 960]}
          sizes="(min-width: 760px) 720px, 100vw"
          width={960}
          height={640}
          priority
        />
        <p className="blog-lead">{post.excerpt}</p>
        <RichText className="blog-body" html={post.body} />
        <p>
          <Link className="button button-primary" to={href('/holidays')}>
            Find your holiday
          </Link>
        </p>
      </article>
      {post.related.length ? (
        <section className="section" aria-labelledby="related-posts-heading">
          <h2 id="related-posts-heading">Read next</h2>
          <div className="card-grid">
            {post.related.map((p) => (
              <BlogCard key={p.id} post={p} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}

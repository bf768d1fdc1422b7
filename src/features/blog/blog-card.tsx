import { Link } from 'react-router-dom';
import type { BlogPostSummary } from '../../../contract/content.ts';
import { useSite } from '../../app/site-context.tsx';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { formatDay } from '../../../contract/format.ts';

export function BlogCard({
  post,
  priority,
  headingLevel = 3,
}: {
  post: BlogPostSummary;
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { href } = useSite();
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card blog-teaser">
      <Link to={href(`/blog/${post.slug}`)} className="card-link">
        <ResponsiveImage
          className="card-image"
          src={post.image}
          alt=""
          widths={[480, 960]}
          sizes="(min-width: 1100px) 360px, (min-width: 700px) 30vw, 92vw"
          width={480}
          height={320}
          priority={priority}
        />
        <div className="card-body">
          <p className="card-eyebrow">
            <time dateTime={post.publishedAt}>{formatDay(post.publishedAt)}</time> · {post.author}
          </p>
          <H className="card-title">{post.title}</H>
          <p>{post.excerpt}</p>
        </div>
      </Link>
    </article>
  );
}

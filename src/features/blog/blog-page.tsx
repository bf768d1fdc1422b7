import { getCommonBlogUsingModuleId } from '../../../contract/content-calls.ts';
import { Seo } from '../../components/seo.tsx';
import { PagedList } from '../content/paged-list.tsx';
import { BlogCard } from './blog-card.tsx';
import { BLOG_PAGE_SIZE, blogListParams } from './blog-data.ts';
import '../catalogue/catalogue.css';
import '../deals/deals.css';
import './blog.css';

export default function BlogPage() {
  return (
    <>
      <Seo
        title="Travel blog: ideas, guides and packing lists"
        description="Destination guides, seasonal ideas and practical tips from the Wanderlust Holidays team, to plan a holiday that fits you."
      />
      <div className="page-intro">
        <h1>Travel blog</h1>
        <p>Destination guides, seasonal ideas and practical tips from our travel team.</p>
      </div>
      <section className="section" aria-label="Articles">
        <PagedList
          call={getCommonBlogUsingModuleId}
          paramsFor={blogListParams}
          pageSize={BLOG_PAGE_SIZE}
          noun={['article', 'articles']}
          empty={<p>No articles yet. Check back soon.</p>}
          className="card-grid blog-grid"
          render={(d, pageIndex) =>
            d.posts.map((p, i) => (
              <BlogCard key={p.id} post={p} headingLevel={2} priority={pageIndex === 1 && i === 0} />
            ))
          }
        />
      </section>
    </>
  );
}

import { Link } from 'react-router-dom';
import { Seo } from '../components/seo.tsx';
import { useSite } from './site-context.tsx';

export default function NotFoundPage() {
  const { href } = useSite();
  return (
    <section className="section narrow">
      <Seo title="Page not found" description="This page does not exist." noindex />
      <h1>We couldn’t find that page</h1>
      <p>The link may be old, or the holiday may no longer be on sale.</p>
      <p>
        <Link className="button button-primary" to={href('/holidays')}>
          Browse holidays
        </Link>{' '}
        <Link className="button" to={href('/')}>
          Go home
        </Link>
      </p>
    </section>
  );
}

import { Link } from 'react-router-dom';
import { getFooterHeading } from '../../../contract/content-calls.ts';
import { useSite } from '../../app/site-context.tsx';
import { useCall } from '../../lib/use-call.ts';
import { footerParams } from './footer-data.ts';
import './read-side-styles.ts';

function FooterLink({ label, url }: { label: string; url: string }) {
  const { href } = useSite();
  if (/^(https?:|mailto:|tel:)/.test(url)) return <a href={url}>{label}</a>;
  return <Link to={href(url)}>{label}</Link>;
}

/** The footer's columns come from GetFooterHeading (read by every route before it renders). */
export function SiteFooter() {
  const { data } = useCall(getFooterHeading, footerParams);
  return (
    <div className="footer-inner">
      {data && data.length > 0 ? (
        <div className="footer-columns">
          {data.map((col) => (
            <nav key={col.id} className="footer-column" aria-label={col.heading}>
              <h2 className="footer-heading">{col.heading}</h2>
              <ul>
                {col.links.map((l) => (
                  <li key={`${l.label}|${l.url}`}>
                    <FooterLink label={l.label} url={l.url} />
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      ) : null}
      <p>
        <strong>Wanderlust Holidays</strong> — holidays and packages from the UAE and India.
      </p>
      <p className="footer-small">Prices are per adult on twin sharing unless stated. © 2026 Wanderlust Holidays.</p>
    </div>
  );
}

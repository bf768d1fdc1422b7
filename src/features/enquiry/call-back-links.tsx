import { Link } from 'react-router-dom';
import { useSite } from '../../app/site-context.tsx';
import { openQueryModal } from './open-query-modal.ts';
import './call-back-links.css';

/** "Get a call back" and "Contact us": the ways to reach the shop, for the footer and pages. */
export function CallBackLinks() {
  const { href } = useSite();
  return (
    <div className="callback-links">
      <button type="button" className="button" onClick={openQueryModal}>
        Get a call back
      </button>
      <Link to={href('/contact')}>Contact us</Link>
    </div>
  );
}

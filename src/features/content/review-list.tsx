import type { Review } from '../../../contract/content.ts';
import { formatMonthYear } from '../../../contract/format.ts';
import { RichText } from './rich-text.tsx';
import { Stars } from './stars.tsx';

export { Stars };
import './content.css';

/**
 * Traveller reviews; their bodies are sanitised HTML from the server. As a rail (a row that
 * scrolls sideways on phones) the list takes the keyboard's focus, so arrow keys scroll it: it
 * holds no link or button that would.
 */
export function ReviewList({
  reviews,
  headingLevel = 3,
  rail,
}: {
  reviews: Review[];
  headingLevel?: 3 | 4;
  rail?: boolean;
}) {
  const H = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <ul
      className={rail ? 'review-list rail' : 'review-list'}
      {...(rail ? { tabIndex: 0, 'aria-label': 'Traveller reviews' } : {})}
    >
      {reviews.map((r) => (
        <li key={r.id} className="card review">
          <Stars rating={r.rating} />
          <H className="review-title">{r.title}</H>
          <RichText className="review-body" html={r.body} />
          <p className="review-author">
            <strong>{r.author}</strong>
            {r.location ? `, ${r.location}` : ''}
            {r.travelledOn ? <span className="review-date"> · travelled {formatMonthYear(r.travelledOn)}</span> : null}
          </p>
        </li>
      ))}
    </ul>
  );
}

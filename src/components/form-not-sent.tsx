import { useLocation } from 'react-router-dom';

/** Set by the server on a page whose form was posted before the page had loaded (server/routes/page-forms.ts). */
const FORM_NOT_SENT = 'formNotSent';

/**
 * A form tapped before the page's app had loaded went to the server as a plain post, which sent it
 * back here: say so plainly, and that it works now (decision 0102).
 */
export function FormNotSentNotice() {
  const { search } = useLocation();
  if (!new URLSearchParams(search).has(FORM_NOT_SENT)) return null;
  return (
    <p className="form-not-sent" role="status">
      The page had not finished loading, so nothing was sent. It is ready now: please try again.
    </p>
  );
}

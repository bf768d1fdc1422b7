/**
 * The error and status line of every form, in one slot that keeps a line's room when it is empty.
 *
 * A click is a press and a release on the same element. When a message appears or clears while
 * the submit button is pressed (the press blurs a field, the blur changes the message), a button
 * below the message moves before the release and the click is lost; in a dialog centred or
 * anchored to the bottom of the screen, a message anywhere moves it. With the room kept, a
 * one-line message comes and goes without moving anything. Decision 0021.
 *
 * Both lines stay in the page when empty, so screen readers announce what is later put in them:
 * errors as alerts, confirmations as polite status messages.
 */
export function FormMessages({
  error,
  status,
  tone = 'ok',
  errorId,
}: {
  error?: string | null;
  status?: React.ReactNode;
  tone?: 'ok' | 'queued';
  errorId?: string;
}) {
  return (
    <div className="form-messages">
      <p id={errorId} role="alert" className="form-message form-message-error">
        {error || null}
      </p>
      <p role="status" className={`form-message form-message-${tone}`}>
        {status || null}
      </p>
    </div>
  );
}

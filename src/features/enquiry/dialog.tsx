import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { focusables, useFocusTrap } from '../../lib/use-focus-trap.ts';
import './enquiry.css';

/** Page scrolling stops while a dialog is open (the scrollbar's room is kept so nothing shifts). */
function lockScroll(): () => void {
  const html = document.documentElement;
  const body = document.body;
  const before = { html: html.style.overflow, body: body.style.overflow, padding: body.style.paddingRight };
  const scrollbar = window.innerWidth - html.clientWidth;
  html.style.overflow = 'hidden';
  body.style.overflow = 'hidden';
  if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  return () => {
    html.style.overflow = before.html;
    body.style.overflow = before.body;
    body.style.paddingRight = before.padding;
  };
}

/**
 * A modal dialog: role dialog named by its title, a close button, a click on the overlay and
 * Escape close it; page scrolling is locked; focus moves in, stays inside and returns after.
 */
export function Dialog({
  title,
  onClose,
  children,
  className,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, true, onClose);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockScroll();
    const root = panel.current!;
    (root.querySelector<HTMLElement>('input, select, textarea') ?? root).focus();

    const onFocusIn = (e: FocusEvent) => {
      if (e.target instanceof Node && !root.contains(e.target)) (focusables(root)[0] ?? root).focus();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      unlock();
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, []);

  return createPortal(
    <div
      className="enq-overlay"
      data-testid="dialog-overlay"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className={`enq-dialog ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="enq-dialog-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="enq-dialog-close" aria-label="Close" onClick={onClose}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}

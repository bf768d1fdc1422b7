import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Banner } from '../../../contract/content.ts';
import { useSite } from '../../app/site-context.tsx';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import './home.css';

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Offers as a carousel that never moves on its own: slides scroll with a swipe (CSS scroll snap,
 * works before JavaScript), with labelled previous/next buttons and one button per slide.
 */
export function BannerCarousel({ banners, label, priority }: { banners: Banner[]; label: string; priority?: boolean }) {
  const { href } = useSite();
  const id = useId();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  // The slide a button asked for, while the smooth scroll to it runs: the scroll events on the way
  // pass the slides in between, and must not move the current dot (a second tap would then count
  // from the wrong slide).
  const target = useRef<number | null>(null);
  // Until the script runs every slide stays reachable (swipe and tap work without JavaScript).
  const [enhanced, setEnhanced] = useState(false);

  // The slide in view follows the scroll position (swipe, keyboard or buttons).
  useEffect(() => {
    setEnhanced(true);
    const el = track.current;
    if (!el) return;
    const inView = () =>
      Math.max(0, Math.min(banners.length - 1, Math.round(el.scrollLeft / Math.max(1, el.clientWidth))));
    const onScroll = () => {
      if (target.current !== null) {
        if (Math.abs(el.scrollLeft - target.current * el.clientWidth) > 1) return;
        target.current = null;
      }
      setCurrent(inView());
    };
    // A swipe that interrupts a button's scroll ends it too: the slide where the scroll stops wins.
    const onScrollEnd = () => {
      target.current = null;
      setCurrent(inView());
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    el.addEventListener('scrollend', onScrollEnd, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('scrollend', onScrollEnd);
    };
  }, [banners.length]);

  if (banners.length === 0) return null;

  const go = (i: number) => {
    const el = track.current;
    const next = (i + banners.length) % banners.length;
    setCurrent(next);
    target.current = next;
    el?.scrollTo({ left: next * el.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' });
  };

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={label}>
      <div className="carousel-track" ref={track} id={`${id}-track`} aria-live="polite">
        {banners.map((b, i) => (
          <div
            key={b.id}
            className="carousel-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${banners.length}`}
            aria-hidden={!enhanced || i === current ? undefined : true}
            inert={!enhanced || i === current ? undefined : true}
          >
            <Link to={href(b.link)} className="carousel-link">
              <ResponsiveImage
                className="carousel-image"
                src={b.image}
                alt=""
                widths={[640, 1280]}
                sizes="(min-width: 700px) 1156px, 360px"
                width={1280}
                height={640}
                priority={priority && i === 0}
              />
              <span className="carousel-caption">
                <span className="carousel-title">{b.title}</span>
                {b.subtitle ? <span className="carousel-subtitle">{b.subtitle}</span> : null}
              </span>
            </Link>
          </div>
        ))}
      </div>
      {banners.length > 1 ? (
        <div className="carousel-controls">
          <button
            type="button"
            className="carousel-arrow"
            aria-controls={`${id}-track`}
            aria-label="Previous slide"
            onClick={() => go(current - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className="carousel-dots">
            {banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                className="carousel-dot"
                aria-controls={`${id}-track`}
                aria-label={`Slide ${i + 1}: ${b.title}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="carousel-arrow"
            aria-controls={`${id}-track`}
            aria-label="Next slide"
            onClick={() => go(current + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}

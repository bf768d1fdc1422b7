import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { PackageEnquiryIntro } from '../enquiry/package-enquiry-intro.tsx';

// The enquiry form brings the phone picker with its flags (about 100 KB gzipped): it loads when
// the traveller scrolls towards it, not with the page.
const PackageEnquiryForm = lazy(() =>
  import('../enquiry/package-enquiry-form.tsx').then((m) => ({ default: m.PackageEnquiryForm })),
);

export interface EnquirySlotProps {
  pkg: { id: number; slug: string; title: string };
}

function Placeholder({ title }: { title: string }) {
  const heading = useId();
  return (
    <section className="package-enquiry enquiry-slot" aria-labelledby={heading} aria-busy="true">
      <PackageEnquiryIntro headingId={heading} title={title} />
    </section>
  );
}

/** "Ask about this holiday": a placeholder of the form's size until it comes near the screen. */
export function EnquirySlot({ pkg }: EnquirySlotProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  if (near) {
    return (
      <Suspense fallback={<Placeholder title={pkg.title} />}>
        <PackageEnquiryForm pkg={pkg} />
      </Suspense>
    );
  }
  return (
    <div ref={ref}>
      <Placeholder title={pkg.title} />
    </div>
  );
}

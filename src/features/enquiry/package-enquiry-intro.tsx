/**
 * The heading and lede of "Ask about this holiday", shared by the form and the placeholder that
 * stands in for it until it loads (so the swap changes nothing the traveller has read).
 */
export function PackageEnquiryIntro({ headingId, title }: { headingId: string; title: string }) {
  return (
    <>
      <h2 id={headingId}>Ask about this holiday</h2>
      <p className="enq-lede">Questions about {title}? A travel expert will get back to you, usually the same day.</p>
    </>
  );
}

import { Seo } from '../components/seo.tsx';

/** What the shell shows at its own address; offline it is replaced by the page asked for. */
export default function ShellPage() {
  return (
    <section className="section narrow" aria-busy="true">
      <Seo title="Opening" description="Opening Wanderlust Holidays." noindex />
      <p>Opening…</p>
    </section>
  );
}

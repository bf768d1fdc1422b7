import { DEFAULT_CANCELLATION_POLICY, policyLines } from '../../../contract/cancellation.ts';
import type { PackageDetail } from '../../../contract/catalogue.ts';

/**
 * The package page's words below the booking box (decision 0079): loaded after the page, rendered whole by the server.
 */
export function PackageDetails({ pkg }: { pkg: PackageDetail }) {
  return (
    <>
      {pkg.highlights.length ? (
        <section className="section" aria-labelledby="highlights-heading">
          <h2 id="highlights-heading">Highlights</h2>
          <ul className="highlights">
            {pkg.highlights.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <Itinerary days={pkg.itinerary} />
      <Inclusions pkg={pkg} />
      <CancellationPolicy pkg={pkg} />
    </>
  );
}

function Itinerary({ days }: { days: PackageDetail['itinerary'] }) {
  return (
    <section className="section" aria-labelledby="itinerary-heading">
      <h2 id="itinerary-heading">Day by day</h2>
      <ol className="itinerary">
        {days.map((d, i) => (
          <li key={d.day}>
            <details open={i === 0}>
              <summary>
                <span className="itinerary-day">Day {d.day}</span> <span className="itinerary-title">{d.title}</span>
              </summary>
              <p>{d.description}</p>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Inclusions({ pkg }: { pkg: PackageDetail }) {
  return (
    <section className="section inclusions" aria-labelledby="inclusions-heading">
      <h2 id="inclusions-heading" className="visually-hidden">
        What is included
      </h2>
      <div className="inclusions-col">
        <h3>Included</h3>
        <ul className="check-list">
          {pkg.inclusions.map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
      </div>
      <div className="inclusions-col">
        <h3>Not included</h3>
        <ul className="cross-list">
          {pkg.exclusions.map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The package's cancellation policy, step by step (days before travel → what is kept). */
function CancellationPolicy({ pkg }: { pkg: PackageDetail }) {
  return (
    <section className="section cancellation-policy" aria-labelledby="cancellation-heading">
      <h2 id="cancellation-heading">Cancellation policy</h2>
      <p>
        Counted from your first travel date. What is kept is a share of the booking's total; the rest of what you paid
        is refunded to the way you paid.
      </p>
      <ul>
        {policyLines(pkg.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY).map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
      <p className="acc-hint">To cancel, open the booking in My trips and choose Request cancellation.</p>
    </section>
  );
}

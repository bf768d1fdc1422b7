/** A rating as stars, read out as words. Apart from the review list, which loads later on a page (decision 0074). */
export function Stars({ rating, label }: { rating: number; label?: string }) {
  const full = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={label ?? `Rated ${rating} out of 5`}>
      {'★'.repeat(full)}
      <span className="stars-off">{'★'.repeat(Math.max(0, 5 - full))}</span>
    </span>
  );
}

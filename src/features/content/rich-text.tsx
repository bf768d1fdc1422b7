/**
 * HTML from the server's rich-text fields (blog bodies, reviews, mission statements, the coupon
 * statement). The server sanitises these fields before they leave it; nothing else may be passed.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

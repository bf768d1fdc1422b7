// Inline icons: no icon font or image request, and they inherit the text colour.
const paths = {
  home: 'M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z',
  holidays: 'M12 3a9 9 0 0 1 9 9h-9l-6.5 8M12 3a9 9 0 0 0-9 9h9M12 12v9',
  deals: 'M3 12V4h8l10 10-8 8zM7.5 7.5h.01',
  cart: 'M3 4h2l2.4 11h11.2L21 7H6.2M9 20h.01M18 20h.01',
  account: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm-8 9a8 8 0 0 1 16 0',
  search: 'M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15zM21 21l-5.2-5.2',
  trips: 'M4 7h16v13H4zM9 7V4h6v3M4 12h16M10 12v2h4v-2',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 22 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}

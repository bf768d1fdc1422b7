/**
 * Replies to an enquiry and the saved reply templates (/api/admin/enquiries/:id/replies,
 * /api/admin/enquiry-templates; docs/decisions/0101). Plain types, no zod, so the admin screens
 * stay small.
 */

/** Placeholders a template may use: filled from the enquiry when it is chosen. */
export const TEMPLATE_PLACEHOLDERS = ['{name}', '{package}', '{shop}', '{phone}'] as const;

/** The templates a site starts with (made on first use; staff edit or delete them). */
export const DEFAULT_TEMPLATES: { name: string; body: string }[] = [
  {
    name: 'Thanks, we’re on it',
    body: 'Thank you for your enquiry about {package}. We are putting your options together and will write again within a day.\n\nIf anything is urgent, call us on {phone}.',
  },
  {
    name: 'Need your dates',
    body: 'Thank you for your enquiry about {package}. To price it for you, could you tell us your travel dates, how many adults and children are travelling, and how many rooms you need?',
  },
  {
    name: 'Quote attached',
    body: 'Thank you for waiting. Your quote for {package} is ready: open the link in our next mail to see it and book it online.\n\nQuestions? Call us on {phone}.',
  },
];

export interface ReplyTemplate {
  id: number;
  site: 'UAE' | 'IN';
  name: string;
  /** As saved, with its placeholders. */
  body: string;
  updatedAt: string;
}

/** GET /api/admin/enquiries/:id/replies: what the reply form starts from, and the replies sent. */
export interface EnquiryReplies {
  /** The traveller's email address, or null when the enquiry has none (then no reply can be mailed). */
  to: string | null;
  subject: string;
  /** The site's templates with this enquiry's placeholders filled (`filled`). */
  templates: (ReplyTemplate & { filled: string })[];
  replies: { id: number; to: string; subject: string; body: string; staff: string | null; at: string }[];
}

export const REPLY_MESSAGES = {
  noEmail: 'This enquiry has no email address to reply to: call the traveller instead.',
  sent: (to: string) => `Reply queued to ${to}.`,
  templateUnknown: 'There is no such template. It may have been deleted: reload the page.',
  templateOtherSite: 'That template belongs to the other site: choose one of this enquiry’s site.',
  templateTaken: (name: string) => `There is already a template called “${name}” on this site: choose another name.`,
  templateSaved: 'Template saved.',
  templateDeleted: 'Template deleted.',
} as const;

/** A quote made from an enquiry, as the desk lists it (GET /api/admin/enquiries/:id/quotes). */
export interface EnquiryQuote {
  id: number;
  packageId: number;
  title: string;
  travelDate: string;
  adults: number;
  children: number;
  rooms: number;
  currency: 'AED' | 'INR';
  /** The shop's price when the quote was made, in the smallest unit. */
  total: number;
  validUntil: string;
  expired: boolean;
  /** The traveller's link to the quote's page. */
  url: string;
  staff: string | null;
  at: string;
  /** The booking made from it, when there is one. */
  bookingRef: string | null;
}

/** What the traveller's quote page shows (GET /api/quotes/:token). */
export interface QuoteView {
  site: 'UAE' | 'IN';
  packageId: number;
  slug: string;
  title: string;
  travelDate: string;
  adults: number;
  children: number;
  rooms: number;
  currency: 'AED' | 'INR';
  total: number;
  validUntil: string;
  /** The name the enquiry gave, to greet them. */
  name: string;
  bookingRef: string | null;
}

export const QUOTE_MESSAGES = {
  made: (to: string) => `Quote made and mailed to ${to}.`,
  linkUnknown: 'This quote link is not valid: open the link from our mail again, or ask us for a new quote.',
  expired: (until: string, phone: string) =>
    `This quote was valid until ${until} and has ended: call us on ${phone} for a new one.`,
  validUntilPast: 'The quote must be valid until today or later.',
  validAfterTravel: 'The quote cannot stay valid after the travel date.',
  travelPast: 'Choose a travel date after today.',
} as const;

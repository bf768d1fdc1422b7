/** The back office's departures (issue 21): one travel date of a package, its allotment and what is taken. */
export interface AdminDeparture {
  travelDate: string;
  /** This date's own allotment; null: the package's default (roomsPerDeparture). */
  rooms: number | null;
  /** The allotment in force (own, else the package's); null: no limit. */
  capacity: number | null;
  sold: number;
  /** Rooms of live holds (temporary bookings not yet expired). */
  held: number;
  /** null: no limit. */
  left: number | null;
  stopSale: boolean;
  /** Added by staff (offered on the package page), not only created by a sale. */
  scheduled: boolean;
}

export interface AdminDepartureList {
  package: { id: number; title: string; slug: string; roomsPerDeparture: number | null };
  items: AdminDeparture[];
}

/** Weekdays as JavaScript counts them: 0 Sunday … 6 Saturday. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** At most this many dates in one season. */
export const SEASON_MAX_DATES = 366;

export interface SeasonResult {
  created: string[];
  updated: string[];
  kept: string[];
}

import type { AdminCall, AdminCallData } from '../../contract/admin-api.ts';
import type * as adminCatalogue from '../../contract/admin-catalogue-calls.ts';
import type * as adminDesk from '../../contract/admin-desk-calls.ts';
import type * as adminDocuments from '../../contract/admin-documents-calls.ts';
import type * as adminEnquiry from '../../contract/admin-enquiry-calls.ts';
import type * as adminInventory from '../../contract/admin-inventory-calls.ts';
import type * as adminNewBooking from '../../contract/admin-new-booking-calls.ts';
import type * as adminPromotions from '../../contract/admin-promotions-calls.ts';
import type * as adminRefunds from '../../contract/admin-refunds-calls.ts';
import type * as adminReports from '../../contract/admin-reports-calls.ts';
import type * as adminRequests from '../../contract/admin-requests-calls.ts';
import type * as adminStaff from '../../contract/admin-staff-calls.ts';
import type * as adminSuppliers from '../../contract/admin-suppliers-calls.ts';
import type * as adminTravellers from '../../contract/admin-travellers-calls.ts';
import type * as accountCalls from '../../contract/account-calls.ts';
import type { ApiCall, CallData } from '../../contract/api.ts';
import type * as bookingCalls from '../../contract/booking-calls.ts';
import type * as cancellationCalls from '../../contract/cancellation-calls.ts';
import type * as cartCalls from '../../contract/cart-calls.ts';
import type * as cartTotals from '../../contract/cart-totals.ts';
import type * as catalogueCalls from '../../contract/catalogue-calls.ts';
import type * as contentCalls from '../../contract/content-calls.ts';
import type * as couponCalls from '../../contract/coupon-calls.ts';
import type * as dealCalls from '../../contract/deal-calls.ts';
import type * as enquiryCalls from '../../contract/enquiry-calls.ts';
import type * as placeCalls from '../../contract/place-calls.ts';
import type * as taxCalls from '../../contract/tax-calls.ts';

/*
 * The answers the API tests read, typed by the contract: a shop call's `data` found by its path under /api/Common
 * (`'CreateTempBooking'`), a back-office call's by its method and path under /api/admin (`bookings/${ref}/refunds`
 * is `GET bookings/:ref/refunds`). A path the contract does not declare, or one only known as a `string`, answers
 * `unknown`: the test narrows it (a type of its own, or the call's zod schema).
 */

/** The envelope of every answer: `{ status, message, data }`. */
export interface Answer<T = unknown> {
  status: string;
  message: string;
  data: T;
}

type Values<M> = M extends unknown ? M[keyof M] : never;

/** Every call the shop's contract declares (each module of contract/ that declares calls). */
type ShopCall = Extract<
  Values<
    | typeof accountCalls
    | typeof bookingCalls
    | typeof cancellationCalls
    | typeof cartCalls
    | typeof cartTotals
    | typeof catalogueCalls
    | typeof contentCalls
    | typeof couponCalls
    | typeof dealCalls
    | typeof enquiryCalls
    | typeof placeCalls
    | typeof taxCalls
  >,
  ApiCall
>;

/** The `data` of the shop's call at `Path` (under /api/Common); `unknown` for a path not declared or not literal. */
export type ShopData<Path extends string> = string extends Path
  ? unknown
  : [Extract<ShopCall, { path: Path }>] extends [never]
    ? unknown
    : CallData<Extract<ShopCall, { path: Path }>>;

/** Every back-office call (contract/admin-*-calls.ts). */
type DeskCall = Extract<
  Values<
    | typeof adminCatalogue
    | typeof adminDesk
    | typeof adminDocuments
    | typeof adminEnquiry
    | typeof adminInventory
    | typeof adminNewBooking
    | typeof adminPromotions
    | typeof adminRefunds
    | typeof adminReports
    | typeof adminRequests
    | typeof adminStaff
    | typeof adminSuppliers
    | typeof adminTravellers
  >,
  AdminCall
>;

type Segments<S extends string> = S extends `${infer Head}/${infer Rest}` ? [Head, ...Segments<Rest>] : [S];
/** A segment written out (`'season'`), not a value put in (`${string}`, `${number}`). */
type IsLiteral<S extends string> = Record<never, never> extends Record<S, 1> ? false : true;

/**
 * Whether a path as a test writes it fits a declared path, segment by segment: a declared `:name` takes a value put
 * in (`exact`), or any segment (`loose`, for a path written out in full, `enquiry-templates/1`).
 */
type Fits<Written extends string[], Declared extends string[], Mode extends 'exact' | 'loose'> = Written extends [
  infer W extends string,
  ...infer WRest extends string[],
]
  ? Declared extends [infer D extends string, ...infer DRest extends string[]]
    ? D extends `:${string}`
      ? Mode extends 'loose'
        ? Fits<WRest, DRest, Mode>
        : IsLiteral<W> extends true
          ? false
          : Fits<WRest, DRest, Mode>
      : [W] extends [D]
        ? Fits<WRest, DRest, Mode>
        : false
    : false
  : Declared extends []
    ? true
    : false;

type DeskCallsAt<Method extends string, Path extends string, Mode extends 'exact' | 'loose'> = DeskCall extends infer C
  ? C extends AdminCall & { method: Method }
    ? Fits<Segments<Path>, Segments<C['path']>, Mode> extends true
      ? C
      : never
    : never
  : never;

type DeskCallAt<Method extends string, Path extends string> = [DeskCallsAt<Method, Path, 'exact'>] extends [never]
  ? DeskCallsAt<Method, Path, 'loose'>
  : DeskCallsAt<Method, Path, 'exact'>;

/** A path as the desk's kit takes it: without `/api/admin/`, a leading slash or a query string. */
type Bare<Path extends string> = Path extends `/api/admin/${infer P}`
  ? Bare<P>
  : Path extends `/${infer P}`
    ? Bare<P>
    : Path extends `${infer P}?${string}`
      ? P
      : Path;

/** The `data` of the back-office call `Method Path` (under /api/admin); `unknown` if not declared or not literal. */
export type DeskData<Method extends string, Path extends string> = string extends Path
  ? unknown
  : [DeskCallAt<Method, Bare<Path>>] extends [never]
    ? unknown
    : AdminCallData<DeskCallAt<Method, Bare<Path>>>;

import type { FastifyInstance } from 'fastify';

/**
 * What the battery needs to reach a call's handler: facts from the seeded database and a signed-in
 * traveller. Built once per test app (see sampleContext).
 */
export interface SampleContext {
  packageId: number;
  packageSlug: string;
  blogSlug: string;
  couponSlug: string;
  dealCategorySlug: string;
  dealId: number;
  cityId: number;
  tripTypeId: number;
  userId: number;
  token: string;
  guest: string;
  travelDate: string;
}

/**
 * One valid set of parameters per call, by path: the battery (fuzzing, tokens) changes one thing
 * at a time from here, so each change reaches the code behind validation. A call with no entry is
 * fuzzed from empty parameters (validation alone): add an entry when you add a call.
 */
export const SAMPLES: Record<string, (c: SampleContext) => Record<string, unknown>> = {
  // catalogue
  'Holiday/GetFeaturedPackages': () => ({ limit: 4 }),
  'Holiday/GetPackagesByTypeCityAndInterest': (c) => ({
    cityId: c.cityId,
    typeId: c.tripTypeId,
    interests: '1,2',
    pageIndex: 1,
    pageSize: 12,
    sort: 'popular',
  }),
  'Holiday/GetPackageDetail': (c) => ({ Slug: c.packageSlug }),
  'Holiday/GetFilters': () => ({}),
  'Holiday/SearchHolidays': () => ({ q: 'dubai beach' }),
  'Holiday/Downloaditinaryform': (c) => ({
    FullName: 'Aisha Rahman',
    Email: 'aisha@example.com',
    Phone: '+971501234567',
    PackageId: c.packageId,
    Message: 'Hello',
    Url: 'https://shop.example.com/',
  }),
  // content
  getBanner: () => ({ BannerType: 'home' }),
  getMissionStatment: () => ({ PageType: 'home' }),
  getMissionStatmentForListingPage: () => ({ PageType: 'holidays' }),
  getReviews: (c) => ({ PageType: 'home', PackageId: c.packageId, pageIndex: 1, pageSize: 5 }),
  'Blog/GetCommonBlogUsingModuleId': () => ({ PageName: 'blog', pageIndex: 1, pageSize: 6 }),
  'Blog/GetBlogDetail': (c) => ({ Slug: c.blogSlug }),
  GetFooterHeading: () => ({}),
  GetShopDetails: () => ({}),
  GetGlobalSearchList: () => ({ prefix: 'dub', limit: 8 }),
  GetTaxRules: () => ({}),
  // places
  GetCountry: () => ({}),
  StatesByCountryId: () => ({ countryId: 101 }),
  GetCitiesByCountryId: () => ({ countryId: 101 }),
  // coupons and deals
  CouponList: () => ({ PageName: 'home' }),
  GetApplicableCoupons: (c) => ({ cartTotal: 500_000, userId: c.userId }),
  'Coupon/GetCouponDetail': (c) => ({ CouponSlug: c.couponSlug }),
  'Coupon/GetCouponList': (c) => ({ userId: c.userId, pageIndex: 1, pageSize: 10 }),
  'Coupon/GetCategoryList': () => ({}),
  'Coupon/GetStatement': () => ({}),
  GetSeasonalDealCategory: () => ({}),
  GetSeasonalDealSubCategoryBySlug: (c) => ({ Slug: c.dealCategorySlug }),
  GetDeals: (c) => ({ categorySlug: c.dealCategorySlug, pageIndex: 1, pageSize: 12 }),
  GetDealsModuleData: (c) => ({ ids: String(c.dealId), moduleType: 'package' }),
  // cart and temporary bookings (as the signed-in traveller; the token is also sent as a header)
  CreateCart: (c) => ({
    Token: c.token,
    packageId: c.packageId,
    travelDate: c.travelDate,
    adults: 2,
    children: 0,
    infants: 0,
    rooms: 1,
    options: {},
    clientId: 'sample-line-0001',
  }),
  GetCart: (c) => ({ Token: c.token }),
  RemoveCart: (c) => ({ Token: c.token, CartId: 1 }),
  MergeGuestCart: (c) => ({ Token: c.token, tempUserId: c.guest }),
  CreateTempBooking: (c) => ({ Token: c.token }),
  GetCartTotals: (c) => ({
    Token: c.token,
    Lines: [{ packageId: c.packageId, travelDate: c.travelDate, adults: 2, children: 0, infants: 0, rooms: 1 }],
  }),
  GetTempBooking: (c) => ({ Token: c.token, TempBookingId: 1 }),
  // availability, bookings, payments, booking documents (ids of a booking nobody here owns: refused after validation)
  'Holiday/GetAvailability': (c) => ({ packageId: c.packageId, travelDate: c.travelDate }),
  'Holiday/GetDepartures': (c) => ({ packageId: c.packageId }),
  'Holiday/GetPriceCalendar': (c) => ({ packageId: c.packageId }),
  GetBookingQuote: (c) => ({ Token: c.token, TempBookingId: 1, CouponCode: 'WELCOME10' }),
  CreateBooking: (c) => ({
    Token: c.token,
    TempBookingId: 1,
    PaymentMethod: 'pay-later',
    LeadTraveller: {
      Title: 'Ms',
      FirstName: 'Aisha',
      LastName: 'Rahman',
      Email: 'aisha@example.com',
      Phone: '+971501234567',
      DOB: '1990-01-01',
    },
    Travellers: [{ FirstName: 'Omar', LastName: 'Rahman', AgeBand: 'adult' }],
    SpecialRequests: 'A quiet room',
  }),
  StartBookingPayment: (c) => ({ Token: c.token, BookingId: 1 }),
  CreateBooking_UploadImages: (c) => ({ token: c.token, BookingId: 1 }),
  GetBookingDocument: (c) => ({ Token: c.token, BookingId: 1, FileId: 1 }),
  VerifyPan: (c) => ({ Token: c.token, Pan: 'ABCPR1234F', Name: 'Aisha Rahman' }),
  VerifyPaymentSignatureAsync: (c) => ({
    Token: c.token,
    BookingId: 1,
    razorpay_order_id: 'order_sample',
    razorpay_payment_id: 'pay_sample',
    razorpay_signature: 'a'.repeat(64),
  }),
  VerifyStripePaymentAsync: (c) => ({ Token: c.token, BookingId: 1, sessionId: 'cs_test_sample' }),
  BookingsList: (c) => ({ Token: c.token, userid: c.userId }),
  BookingDetailById: (c) => ({ Token: c.token, RefIdKey: 'WL-AAAAA-AAAAA' }),
  RequestCancellation: (c) => ({
    Token: c.token,
    RefIdKey: 'WL-AAAAA-AAAAA',
    Reason: 'Plans changed',
    ClientKey: 'fuzz-sample-key-0001',
  }),
  GetInvoiceDetails: (c) => ({ Token: c.token, BookingId: 1, format: 'json' }),
  GenerateAllVoucher: (c) => ({ Token: c.token, BookingId: 1, format: 'json' }),
  GetCreditNoteDetails: (c) => ({ Token: c.token, BookingId: 1, format: 'json' }),
  GetMoneyDocument: (c) => ({ Token: c.token, BookingId: 1, DocumentId: 1, format: 'json' }),
  GetMoneyDocuments: (c) => ({ Token: c.token, BookingId: 1 }),
  // account
  ValidateSignUp: () => ({ EmailIdOrPhone: 'fuzz.new@example.com' }),
  ValidateOTP: () => ({ OTP: '123456', EmailIdOrPhone: 'fuzz.new@example.com' }),
  SavePassword: () => ({
    Token: 'not-a-real-verification-token',
    Password: 'fuzzing pass 1',
    ConfirmPassword: 'fuzzing pass 1',
  }),
  Login: () => ({ EmailorPhone: 'fuzz@example.com', Password: 'fuzzing pass 1' }),
  LoginWithGoogle: () => ({ credential: 'x'.repeat(40), Email: 'fuzz@example.com', Name: 'Fuzz' }),
  SendForgetPasswordOTP: () => ({ EmailIdOrPhone: 'fuzz@example.com' }),
  VerifyForgetPasseordOTP: () => ({ OTP: '123456', EmailIdOrPhone: 'fuzz@example.com' }),
  CreateNewPassword: () => ({
    Token: 'not-a-real-verification-token',
    NewPassword: 'fuzzing pass 2',
    ConfirmNewPassword: 'fuzzing pass 2',
  }),
  ChangePassword: (c) => ({
    Tokan: c.token,
    OldPassword: 'wrong old password',
    NewPassword: 'fuzzing pass 3',
    ConfirmNewPassword: 'fuzzing pass 3',
  }),
  UpdateProfile: (c) => ({
    Tokan: c.token,
    Title: 'Ms',
    FirstName: 'Fuzz',
    LastName: 'Tester',
    DOB: '1990-01-01',
    CountryId: 101,
    CityId: 1,
  }),
  GetProfileDetail: (c) => ({ token: c.token }),
  DownloadMyData: (c) => ({ token: c.token }),
  DeleteAccount: (c) => ({ Token: c.token, Password: 'wrong password', Confirm: 'no' }),
  UpdateProfileImage: (c) => ({ token: c.token }),
  GetUserPersonalDetails: (c) => ({ userId: c.userId, Token: c.token }),
  PostOrUpdateUserPersonalDetails: (c) => ({ Token: c.token, nationality: 'Indian', address: '1 Fuzz Street' }),
  // enquiries
  SubmitContactUs: () => ({
    FirstName: 'Aisha',
    LastName: 'Rahman',
    Email: 'aisha@example.com',
    PhoneNumber: '+971501234567',
    EnquiryType: 'Holiday package',
    Message: 'Hello',
    Url: 'https://shop.example.com/contact',
  }),
  SaveHomePageEnquiryPopup: () => ({
    Id: 0,
    EmailOrPhone: 'aisha@example.com',
    FullName: 'Aisha Rahman',
    Phone: '+971501234567',
    TimeToCall: 'Anytime',
    CreatedDate: '2026-01-01 10:00',
    CurrentPageUrl: 'https://shop.example.com/',
  }),
  SubmitEnquiryForm: (c) => ({
    PackageId: c.packageId,
    PackageSlug: c.packageSlug,
    FullName: 'Aisha Rahman',
    Email: 'aisha@example.com',
    PhoneNumber: '+971501234567',
    TravelDate: c.travelDate,
    Adults: 2,
    Children: 0,
    Message: 'Hello',
    Url: 'https://shop.example.com/',
  }),
  SubmitExitPageEnquiry: () => ({
    FullName: 'Sara Ali',
    Email: 'sara.ali@gmail.com',
    MobileCountryCode: '+971',
    MobileNo: '501234567',
    Mode: 'exit-popup',
  }),
};

/** Reads the seeded facts the samples need through the API itself; `signedIn` is a live traveller. */
export async function sampleContext(
  app: FastifyInstance,
  signedIn: { token: string; userId: number },
): Promise<SampleContext> {
  const get = async (path: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/Common/${path}`, headers: { country: 'UAE' } });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const post = async (path: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url: `/api/Common/${path}`, headers: { country: 'UAE' }, payload });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const [pkg] = (await get('Holiday/GetFeaturedPackages?limit=1')).packages;
  const blog = (await get('Blog/GetCommonBlogUsingModuleId?PageName=blog&pageSize=1')).posts[0];
  const coupon = (await get('CouponList?PageName=home'))[0];
  const dealCategory = (await get('GetSeasonalDealCategory'))[0];
  const deal = (await post('GetDeals', { pageSize: 1 })).deals[0];
  return {
    packageId: pkg.id,
    packageSlug: pkg.slug,
    cityId: pkg.city.id,
    tripTypeId: pkg.tripType.id,
    blogSlug: blog.slug,
    couponSlug: coupon.slug,
    dealCategorySlug: dealCategory.slug,
    dealId: deal.id,
    userId: signedIn.userId,
    token: signedIn.token,
    guest: 'guest-sample-0001',
    travelDate: new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10),
  };
}

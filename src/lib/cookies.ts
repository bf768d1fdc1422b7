/** Cookie names, exactly as the spec writes them. */
export const COOKIE = {
  token: 'NHauth_token',
  userId: 'user_id',
  userEmail: 'user_email',
  loginDate: 'login_date',
  loginDatePretty: 'login_date_pretty',
  userName: 'user_name',
  loginCount: 'login_count',
  failedLoginCount: 'failed_login_count',
  guestId: 'guest_id',
} as const;

/** A guest keeps the same generated id for 7 days. */
export const GUEST_ID_DAYS = 7;

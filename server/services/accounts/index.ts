// The account calls of the traveller's account routes in one namespace (routes/account.ts takes them as `accounts`).
export { MESSAGES } from './messages.ts';
export type { AccountContext } from './users.ts';
export { checkCode, createAccount, resetPassword, sendCode } from './codes.ts';
export { changePassword, login, loginWithGoogle } from './sign-in.ts';
export {
  findProfileImage,
  getPersonalDetails,
  getProfile,
  profileImageUrl,
  savePersonalDetails,
  setProfileImage,
  updateProfile,
} from './profile.ts';

import { z } from 'zod';
import { defineCall } from './api.ts';
import {
  accountCreatedSchema,
  changePasswordParamsSchema,
  codeSentSchema,
  createNewPasswordParamsSchema,
  googleLoginParamsSchema,
  googleLoginResultSchema,
  identifierParamsSchema,
  loginParamsSchema,
  loginResultSchema,
  otpParamsSchema,
  personalDetailsParamsSchema,
  profileImageSchema,
  profileSchema,
  savePasswordParamsSchema,
  savePersonalDetailsParamsSchema,
  tokenParamsSchema,
  deleteAccountParamsSchema,
  updateProfileParamsSchema,
  userPersonalDetailsSchema,
  verificationSchema,
} from './account.ts';

// Sign-up: validate the email or phone (sends a code), validate the code, save the password.
export const validateSignUp = defineCall({
  method: 'GET',
  path: 'ValidateSignUp',
  params: identifierParamsSchema,
  data: codeSentSchema,
});
export const validateOtp = defineCall({
  method: 'GET',
  path: 'ValidateOTP',
  params: otpParamsSchema,
  data: verificationSchema,
});
export const savePassword = defineCall({
  method: 'GET',
  path: 'SavePassword',
  params: savePasswordParamsSchema,
  data: accountCreatedSchema,
});
/** Ours: the same call as POST, so the app never puts a password in a URL (URLs end up in logs). */
export const savePasswordPost = { ...savePassword, method: 'POST' as const };

export const login = defineCall({ method: 'POST', path: 'Login', params: loginParamsSchema, data: loginResultSchema });
export const loginWithGoogle = defineCall({
  method: 'POST',
  path: 'LoginWithGoogle',
  params: googleLoginParamsSchema,
  data: googleLoginResultSchema,
});

// Forgotten password: send a code, verify it (returns a token), create the new password.
export const sendForgetPasswordOtp = defineCall({
  method: 'GET',
  path: 'SendForgetPasswordOTP',
  params: identifierParamsSchema,
  data: codeSentSchema,
});
/** The spec's spelling. */
export const verifyForgetPasswordOtp = defineCall({
  method: 'GET',
  path: 'VerifyForgetPasseordOTP',
  params: otpParamsSchema,
  data: verificationSchema,
});
export const createNewPassword = defineCall({
  method: 'POST',
  path: 'CreateNewPassword',
  params: createNewPasswordParamsSchema,
  data: z.null(),
});

export const changePassword = defineCall({
  method: 'POST',
  path: 'ChangePassword',
  params: changePasswordParamsSchema,
  data: z.null(),
});
export const updateProfile = defineCall({
  method: 'POST',
  path: 'UpdateProfile',
  params: updateProfileParamsSchema,
  data: profileSchema,
});
export const getProfileDetail = defineCall({
  method: 'GET',
  path: 'GetProfileDetail',
  params: tokenParamsSchema,
  data: profileSchema,
});
/** Multipart: one `file` part; the token in the query string (or the Authorization header). */
export const updateProfileImage = defineCall({
  method: 'POST',
  path: 'UpdateProfileImage',
  params: tokenParamsSchema,
  data: profileImageSchema,
});
export const getUserPersonalDetails = defineCall({
  method: 'GET',
  path: 'GetUserPersonalDetails',
  params: personalDetailsParamsSchema,
  data: userPersonalDetailsSchema,
});
export const postOrUpdateUserPersonalDetails = defineCall({
  method: 'GET',
  path: 'PostOrUpdateUserPersonalDetails',
  params: savePersonalDetailsParamsSchema,
  data: userPersonalDetailsSchema,
});
/** Ours: the same call as POST, so passport numbers and addresses stay out of URLs. */
export const postOrUpdateUserPersonalDetailsPost = { ...postOrUpdateUserPersonalDetails, method: 'POST' as const };

/** Ours: a copy of everything the shop keeps about the signed-in traveller (privacy policy), as JSON. */
export const downloadMyData = defineCall({
  method: 'GET',
  path: 'DownloadMyData',
  params: tokenParamsSchema,
  data: z.record(z.string(), z.unknown()),
});
/** Ours: deletes the signed-in traveller's account; bookings and invoices are kept only as tax law requires. */
export const deleteAccount = defineCall({
  method: 'POST',
  path: 'DeleteAccount',
  params: deleteAccountParamsSchema,
  data: z.null(),
});

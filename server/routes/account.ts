import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MSG, PROFILE_IMAGE_MAX_BYTES } from '../../contract/account.ts';
import {
  changePassword,
  createNewPassword,
  deleteAccount,
  downloadMyData,
  getProfileDetail,
  getUserPersonalDetails,
  login,
  loginWithGoogle,
  postOrUpdateUserPersonalDetails,
  postOrUpdateUserPersonalDetailsPost,
  savePassword,
  savePasswordPost,
  sendForgetPasswordOtp,
  updateProfile,
  updateProfileImage,
  validateOtp,
  validateSignUp,
  verifyForgetPasswordOtp,
} from '../../contract/account-calls.ts';
import { ok } from '../lib/envelope.ts';
import { unauthorized, forbidden, DomainError } from '../lib/errors.ts';
import { formError } from '../lib/multipart.ts';
import { signedIn } from '../lib/owner.ts';
import { route } from '../lib/route.ts';
import { requireOurPages } from '../lib/same-origin.ts';
import { checkCode, createAccount, resetPassword, sendCode } from '../services/accounts/codes.ts';
import { MESSAGES } from '../services/accounts/messages.ts';
import * as profile from '../services/accounts/profile.ts';
import * as signIn from '../services/accounts/sign-in.ts';
import type { AccountContext } from '../services/accounts/users.ts';
import {
  ACCOUNT_DATA_MESSAGES,
  deleteAccount as deleteAccountData,
  exportAccountData,
} from '../services/accounts/account-data.ts';
import { verifyGoogleIdToken } from '../services/google.ts';
import { createMailer } from '../services/mail.ts';
import { shopDetails } from '../services/shop-details.ts';
import { detectDocumentType, peekHead, removeUploads, storeUpload, uploadWork } from '../services/uploads.ts';

const PROFILE_IMAGE_NAME = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

export async function accountRoutes(app: FastifyInstance) {
  const ctx: AccountContext = {
    db: app.db,
    config: app.config,
    mailer: createMailer(app.config, app.log),
    sms: app.sms,
  };

  // ---------- sign-up ----------
  route(app, validateSignUp, async (p, request) => {
    requireOurPages(request);
    const sent = await sendCode(ctx, 'signup', p.EmailIdOrPhone, request.ip, request.log);
    return ok(sent, MESSAGES.codeSent(sent.sentTo));
  });
  route(app, validateOtp, async (p, request) => {
    const token = await checkCode(ctx, 'signup', p.EmailIdOrPhone, p.OTP, request.ip);
    return ok({ token }, MSG.otpValidated);
  });
  for (const c of [savePassword, savePasswordPost]) {
    route(app, c, async (p, _request) => {
      const created = await createAccount(ctx, p.Token, p.Password, p.ConfirmPassword);
      return ok(created, MESSAGES.accountCreated);
    });
  }

  // ---------- sign-in ----------
  route(app, login, async (p, request) => {
    const session = await signIn.login(ctx, p.EmailorPhone, p.Password, request.ip);
    return ok({ tokan: session.token, expiresAt: session.expiresAt.toISOString() }, MESSAGES.loggedIn);
  });
  route(app, loginWithGoogle, async (p, _request) => {
    const clientId = app.config.GOOGLE_CLIENT_ID;
    if (!clientId) throw new DomainError('unavailable', MESSAGES.googleNotConfigured);
    const google = await verifyGoogleIdToken(p.credential, { clientId, jwksUrl: app.config.GOOGLE_JWKS_URL });
    if (!google) throw unauthorized(MESSAGES.googleInvalid);
    const session = await signIn.loginWithGoogle(ctx, google);
    return ok({ token: session.token, expiresAt: session.expiresAt.toISOString() }, MESSAGES.loggedIn);
  });

  // ---------- forgotten password ----------
  route(app, sendForgetPasswordOtp, async (p, request) => {
    requireOurPages(request);
    const sent = await sendCode(ctx, 'reset', p.EmailIdOrPhone, request.ip, request.log);
    return ok(sent, MESSAGES.codeSent(sent.sentTo));
  });
  route(app, verifyForgetPasswordOtp, async (p, request) => {
    const token = await checkCode(ctx, 'reset', p.EmailIdOrPhone, p.OTP, request.ip);
    return ok({ token }, MSG.otpVerified);
  });
  route(app, createNewPassword, async (p, _request) => {
    await resetPassword(ctx, p.Token, p.NewPassword, p.ConfirmNewPassword);
    return ok(null, MESSAGES.passwordReset);
  });

  // ---------- signed in ----------
  route(app, changePassword, async (p, request) => {
    const me = await signedIn(app, request, p.Tokan);
    await signIn.changePassword(ctx, me.userId, me.token, p.OldPassword, p.NewPassword, p.ConfirmNewPassword);
    return ok(null, MESSAGES.passwordChanged);
  });
  route(app, updateProfile, async (p, request) => {
    const me = await signedIn(app, request, p.Tokan);
    return ok(await profile.updateProfile(app.db, me.userId, p), MESSAGES.profileUpdated);
  });
  // The traveller's own data (privacy policy): a copy, and the account's deletion.
  route(app, downloadMyData, async (p, request, reply) => {
    const me = await signedIn(app, request, p.token);
    reply.header(
      'content-disposition',
      `attachment; filename="wanderlust-my-data-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    return ok(await exportAccountData(app.db, me.userId));
  });
  route(app, deleteAccount, async (p, request) => {
    const me = await signedIn(app, request, p.Token);
    await deleteAccountData(app.db, app.files, me.userId, p.Password, p.Confirm, shopDetails(app.config, request.site));
    return ok(null, ACCOUNT_DATA_MESSAGES.deleted);
  });
  route(app, getProfileDetail, async (p, request) => {
    const me = await signedIn(app, request, p.token);
    return ok(await profile.getProfile(app.db, me.userId));
  });
  route(app, getUserPersonalDetails, async (p, request) => {
    const me = await signedIn(app, request, p.Token);
    if (p.userId !== me.userId) throw forbidden(MESSAGES.onlyYours);
    return ok(await profile.getPersonalDetails(app.db, me.userId));
  });
  for (const c of [postOrUpdateUserPersonalDetails, postOrUpdateUserPersonalDetailsPost]) {
    route(app, c, async (p, request) => {
      const me = await signedIn(app, request, p.Token);
      const { Token: _token, ...details } = p;
      return ok(await profile.savePersonalDetails(app.db, me.userId, details), MESSAGES.detailsSaved);
    });
  }

  // ---------- profile image ----------
  // Encapsulated here: only this plugin's routes accept multipart bodies.
  await app.register(multipart, { limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  route(app, updateProfileImage, async (p, request) => {
    // The token is checked before a byte of the file is read.
    const me = await signedIn(app, request, p.token);
    if (!request.isMultipart())
      throw new DomainError('unsupported', 'Send the image as multipart/form-data with a file part.');
    let stored: { id: number; storedName: string } | null = null;
    try {
      // With the files in the database, the row, the profile's pointer and the bytes are one transaction.
      stored = await uploadWork(app.db, app.files, async (db) => {
        const part = await request.file();
        if (!part) throw new DomainError('invalid', 'Choose an image to upload.');
        const { head, content } = await peekHead(part.file);
        const type = detectDocumentType(head);
        if (!type || !['jpg', 'png', 'webp'].includes(type.ext)) {
          part.file.resume();
          throw new DomainError('unsupported', 'Upload a JPEG, PNG or WebP image.');
        }
        const file = await storeUpload(db, app.files, {
          owner: `user:${me.userId}`,
          purpose: 'profile-image',
          originalName: part.filename || `profile.${type.ext}`,
          type,
          content,
        });
        stored = file;
        if (part.file.truncated) throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
        const replaced = await profile.setProfileImage(db, me.userId, file.id);
        if (replaced) await app.files.delete(db, replaced);
        return file;
      });
    } catch (err) {
      if (stored && !app.files.transactional) await removeUploads(app.db, app.files, [stored]);
      throw formError(err, {
        tooLarge: 'The image is larger than 5 MB. Please choose a smaller one.',
        files: 'Upload one image.',
      });
    }
    return ok({ imageUrl: profile.profileImageUrl(stored.storedName) }, MESSAGES.photoUpdated);
  });

  // Names are 128 random bits, so the address itself is the permission; never sniffed as anything else.
  app.get<{ Params: { name: string } }>('/ProfileImage/:name', async (request, reply) => {
    const { name } = request.params;
    const file = PROFILE_IMAGE_NAME.test(name) ? await profile.findProfileImage(app.db, name) : null;
    const bytes = file && (await app.files.open(app.db, file.storedName));
    if (!file || !bytes) throw new DomainError('not_found', 'There is no such image.');
    return reply
      .type(file.mime)
      .header('content-length', String(file.size))
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}

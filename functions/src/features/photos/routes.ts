// Profile pictures (POST /api/upload, used by onboarding and sign-up).
import { randomBytes } from 'node:crypto';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_PICTURE_NAME, idSchema } from '@moments/shared';
import { ApiError, handle, param } from '../../lib/http';
import { callerId } from '../../middleware/auth';
import { signedInRouter } from '../../middleware/signed-in-router';
import { processProfilePicture } from './process';
import { photoStore } from './store';
import { UPLOAD_MESSAGES, processOrRefuse, readUpload, sendWebp } from './upload';

/** Profile pictures are uploaded and seen by signed-in people only. */
export const photoRoutes = signedInRouter();

/**
 * POST /api/upload, multipart field `image`: a profile picture of at most 5 MB, re-encoded as
 * a 512 px WebP without metadata. Answers where it is served; the caller's user document is
 * not changed (onboarding saves the URL).
 */
photoRoutes.post(
  '/upload',
  handle(async (req, res) => {
    const uid = callerId(req);
    const { bytes } = await readUpload(req, {
      maxBytes: PROFILE_IMAGE_MAX_BYTES,
      tooLargeMessage: UPLOAD_MESSAGES.profileTooLarge,
    });
    const picture = await processOrRefuse(processProfilePicture(bytes), {
      unsupported: UPLOAD_MESSAGES.missing,
      tooLarge: UPLOAD_MESSAGES.profileTooLarge,
    });
    const name = `profile-${randomBytes(16).toString('base64url')}.webp`;
    await photoStore.put(`users/${uid}/${name}`, picture, 'image/webp');
    res.status(201).json({ imageUrl: `/api/users/${uid}/picture/${name}` });
  }),
);

/** Any signed-in person may see a profile picture: collaborators see each other's. */
photoRoutes.get(
  '/users/:uid/picture/:name',
  handle(async (req, res) => {
    const uid = param(req, 'uid');
    const name = param(req, 'name');
    if (!idSchema.safeParse(uid).success || !PROFILE_PICTURE_NAME.test(name)) {
      throw new ApiError(404, 'Picture not found');
    }
    const bytes = await photoStore.get(`users/${uid}/${name}`);
    if (!bytes) throw new ApiError(404, 'Picture not found');
    // The name is random and never reused, so the bytes behind it never change.
    sendWebp(res, bytes);
  }),
);

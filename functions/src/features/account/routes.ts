// The person's own account deletion (My Account, "Delete my account"): a fresh code to their
// own number, then the deletion with the choices they made. docs/api.md lists both calls.
import {
  ACCOUNT_DELETION_MESSAGES,
  deleteMyAccountSchema,
  type DeleteMyAccountAnswer,
  type DeletionCodeAnswer,
} from '@moments/shared';
import { Router } from 'express';
import { recordAudit } from '../../lib/audit-log';
import { ApiError, handle, parseBody } from '../../lib/http';
import { callerId } from '../../middleware/auth';
import { signedInRouter } from '../../middleware/signed-in-router';
import { checkFreshCode, sendFreshCode } from '../auth';
import { eraseAccount } from './erase';

export const accountRoutes = Router();
const signedIn = signedInRouter();
accountRoutes.use(signedIn);

signedIn.post(
  '/account/deletion-code',
  handle(async (req, res) => {
    const answer: DeletionCodeAnswer = await sendFreshCode(req, res, callerId(req));
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(answer);
  }),
);

/**
 * The fresh proof is checked first (a code to the account's own number; the passkey step, when
 * it comes, is accepted here as an alternative to `code`), then the deletion runs to the end
 * (200) or is already running for another request of theirs (202). The audit row says only
 * that the person deleted their account: no name, no counts.
 */
signedIn.post(
  '/account/delete',
  handle(async (req, res) => {
    const uid = callerId(req);
    const { code, sharedMoments, contributions } = parseBody(deleteMyAccountSchema, req);
    await checkFreshCode(req, uid, code);
    const status = await eraseAccount(
      uid,
      { by: 'self', sharedMoments, contributions },
      {
        audit: (jobId) =>
          recordAudit(
            req,
            { action: 'account.self_delete', actorId: uid, targetId: uid },
            `self-delete-${jobId}`,
          ),
      },
    ).catch((err: unknown) => {
      if (err instanceof ApiError) throw err;
      console.error(`Deleting account ${uid} stopped midway`, err);
      throw new ApiError(503, ACCOUNT_DELETION_MESSAGES.stoppedMidway);
    });
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(status === 'deleted' ? 200 : 202).json({ status } satisfies DeleteMyAccountAnswer);
  }),
);

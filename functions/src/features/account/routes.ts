// The person's own account deletion (My Account, "Delete my account"): a fresh proof (a code to
// their own proven number, or a passkey step), then the deletion with the choices they made.
// docs/api.md lists the calls.
import {
  ACCOUNT_DELETION_MESSAGES,
  deleteMyAccountSchema,
  type DeleteMyAccountAnswer,
  type DeletionCodeAnswer,
  type DeletionProofsAnswer,
} from '@moments/shared';
import { Router } from 'express';
import { recordAudit } from '../../lib/audit-log';
import { ApiError, handle, parseBody } from '../../lib/http';
import { callerId } from '../../middleware/auth';
import { signedInRouter } from '../../middleware/signed-in-router';
import {
  checkFreshCode,
  checkFreshPasskey,
  freshProofsOf,
  sendFreshCode,
  sendFreshPasskeyChallenge,
} from '../auth';
import { eraseAccount } from './erase';

export const accountRoutes = Router();
const signedIn = signedInRouter();
accountRoutes.use(signedIn);

/** Which proofs the dialog may offer: a code (a proven number), a passkey step, or neither. */
signedIn.get(
  '/account/deletion-proofs',
  handle(async (req, res) => {
    const answer: DeletionProofsAnswer = await freshProofsOf(callerId(req));
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(answer);
  }),
);

/** A passkey step: options for navigator.credentials.get(), its challenge kept for this browser. */
signedIn.post(
  '/account/deletion-passkey',
  handle(async (req, res) => {
    const options = await sendFreshPasskeyChallenge(req, res, callerId(req));
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(options);
  }),
);

signedIn.post(
  '/account/deletion-code',
  handle(async (req, res) => {
    const answer: DeletionCodeAnswer = await sendFreshCode(req, res, callerId(req));
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(answer);
  }),
);

/**
 * The fresh proof is checked first (a code to the account's own number, or the answer to this
 * browser's passkey step), then the deletion runs to the end (200) or is already running for
 * another request of theirs (202). The audit row says only that the person deleted their
 * account: no name, no counts.
 */
signedIn.post(
  '/account/delete',
  handle(async (req, res) => {
    const uid = callerId(req);
    const { code, passkey, sharedMoments, contributions } = parseBody(deleteMyAccountSchema, req);
    if (passkey) await checkFreshPasskey(req, uid, passkey);
    else await checkFreshCode(req, uid, code ?? '');
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

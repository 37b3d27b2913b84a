// Sharing calls (issue 5): invite links, the public preview, accepting, members. Routes only
// parse and answer; who may do what is decided in ./invites and ./members.
import { acceptInviteSchema, createInviteSchema, invitePreviewSchema } from '@moments/shared';
import { Router } from 'express';
import { appOrigin } from '../../lib/app-origin';
import { handle, param, parseBody } from '../../lib/http';
import { callerId, identify } from '../../middleware/auth';
import { signedInRouter } from '../../middleware/signed-in-router';
import { sendWebp } from '../photos';
import { createInvite, listInvites, revokeInvite } from './invites';
import { acceptInvite, inviteCover, previewInvite } from './invite-use';
import { inviteSignupRoutes } from './invite-signup';
import { listMembers, removeMember } from './members';
import { limitInviteTokenUse } from './throttle';

export const sharingRoutes = Router();
sharingRoutes.use(inviteSignupRoutes);
/** Calls of members of a moment, and of someone signed in accepting a link. */
const signedIn = signedInRouter();

signedIn.post(
  '/journals/:id/invites',
  handle(async (req, res) => {
    const { targetPhoneNumber } = parseBody(createInviteSchema, req);
    const link = await createInvite(
      param(req, 'id'),
      callerId(req),
      targetPhoneNumber ?? null,
      appOrigin(),
    );
    res.setHeader('Cache-Control', 'no-store');
    res.status(201).json(link);
  }),
);

signedIn.get(
  '/journals/:id/invites',
  handle(async (req, res) => {
    res.json(await listInvites(param(req, 'id'), callerId(req)));
  }),
);

signedIn.delete(
  '/journals/:id/invites/:inviteId',
  handle(async (req, res) => {
    await revokeInvite(param(req, 'id'), callerId(req), param(req, 'inviteId'));
    res.json({ success: true });
  }),
);

signedIn.get(
  '/journals/:id/members',
  handle(async (req, res) => {
    res.json(await listMembers(param(req, 'id'), callerId(req)));
  }),
);

signedIn.delete(
  '/journals/:id/members/:userId',
  handle(async (req, res) => {
    await removeMember(param(req, 'id'), callerId(req), param(req, 'userId'));
    res.json({ success: true });
  }),
);

signedIn.post(
  '/journals/:id/accept-invite',
  handle(async (req, res) => {
    const { inviteToken } = parseBody(acceptInviteSchema, req);
    await limitInviteTokenUse(req);
    res.json(await acceptInvite(param(req, 'id'), callerId(req), inviteToken));
  }),
);

sharingRoutes.use(signedIn);

// Public: anyone holding a link. Never cached, so a revoked link stops showing at once. The
// token travels in the body, so it never appears in request logs.
sharingRoutes.post(
  '/invites/preview',
  handle(async (req, res) => {
    await limitInviteTokenUse(req);
    const preview = await previewInvite(parseBody(invitePreviewSchema, req).token);
    res.setHeader('Cache-Control', 'no-store');
    res.json(preview);
  }),
);

sharingRoutes.get(
  '/invites/covers/:inviteId/:version',
  handle(async (req, res) => {
    await limitInviteTokenUse(req);
    const caller = await identify(req);
    sendWebp(res, await inviteCover(param(req, 'inviteId'), param(req, 'version'), caller?.uid));
  }),
);

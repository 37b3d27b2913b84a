// Sharing calls (issue 5): invite links, the public preview, accepting, members. Routes only
// parse and answer; who may do what is decided in ./invites and ./members.
import { acceptInviteSchema, createInviteSchema } from '@moments/shared';
import { Router, type Request } from 'express';
import { appOrigin } from '../../lib/client-address';
import { handle, parseBody } from '../../lib/http';
import { callerId, requireUser } from '../../middleware/auth';
import { sendWebp } from '../photos/upload';
import {
  acceptInvite,
  createInvite,
  inviteCover,
  listInvites,
  previewInvite,
  revokeInvite,
} from './invites';
import { inviteSignupRoutes } from './invite-signup';
import { listMembers, removeMember } from './members';
import { limitInviteTokenUse } from './throttle';

export const sharingRoutes = Router();
sharingRoutes.use(inviteSignupRoutes);

const param = (req: Request, name: string) => String(req.params[name]);

sharingRoutes.post(
  '/journals/:id/invites',
  requireUser,
  handle(async (req, res) => {
    const { targetPhoneNumber } = parseBody(createInviteSchema, req);
    const link = await createInvite(
      param(req, 'id'),
      callerId(req),
      targetPhoneNumber ?? null,
      appOrigin(req),
    );
    res.setHeader('Cache-Control', 'no-store');
    res.status(201).json(link);
  }),
);

sharingRoutes.get(
  '/journals/:id/invites',
  requireUser,
  handle(async (req, res) => {
    res.json(await listInvites(param(req, 'id'), callerId(req)));
  }),
);

sharingRoutes.delete(
  '/journals/:id/invites/:inviteId',
  requireUser,
  handle(async (req, res) => {
    await revokeInvite(param(req, 'id'), callerId(req), param(req, 'inviteId'));
    res.json({ success: true });
  }),
);

sharingRoutes.get(
  '/journals/:id/members',
  requireUser,
  handle(async (req, res) => {
    res.json(await listMembers(param(req, 'id'), callerId(req)));
  }),
);

sharingRoutes.delete(
  '/journals/:id/members/:userId',
  requireUser,
  handle(async (req, res) => {
    await removeMember(param(req, 'id'), callerId(req), param(req, 'userId'));
    res.json({ success: true });
  }),
);

sharingRoutes.post(
  '/journals/:id/accept-invite',
  requireUser,
  handle(async (req, res) => {
    const { inviteToken } = parseBody(acceptInviteSchema, req);
    await limitInviteTokenUse(req);
    res.json(await acceptInvite(param(req, 'id'), callerId(req), inviteToken));
  }),
);

// Public: anyone holding a link. Never cached, so a revoked link stops showing at once.
sharingRoutes.get(
  '/invites/:token',
  handle(async (req, res) => {
    await limitInviteTokenUse(req);
    const preview = await previewInvite(param(req, 'token'));
    res.setHeader('Cache-Control', 'no-store');
    res.json(preview);
  }),
);

sharingRoutes.get(
  '/invites/:token/cover',
  handle(async (req, res) => {
    await limitInviteTokenUse(req);
    sendWebp(res, await inviteCover(param(req, 'token')), 0);
  }),
);

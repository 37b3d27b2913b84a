import { Router } from 'express';
import { handle } from '../../lib/http';
import { callerId, requireUser } from '../../middleware/auth';
import { listJournals } from './journals';

export const journalRoutes = Router();

journalRoutes.get(
  '/journals',
  requireUser,
  handle(async (req, res) => {
    res.json(await listJournals(callerId(req)));
  }),
);

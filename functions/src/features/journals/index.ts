// What other features may use of journals: loading a journal and its members' roles, the
// stored shapes, a photo's bytes, and what an account being deleted needs: deleting a journal,
// handing it over, removing one person's photos and entries.
export { journalRef, loadJournal, roleIn } from './access';
export { deleteJournal } from './delete';
export { deleteEntryTree } from './delete-comments';
export { handOverJournal, longestStandingMember } from './hand-over';
export { readStoredVariant, removePhoto } from './images';
export {
  collaboratorsOf,
  dropMember,
  invites,
  journals,
  memberWrites,
  memberStates,
  membersIn,
  pendingInvitesBy,
} from './model';

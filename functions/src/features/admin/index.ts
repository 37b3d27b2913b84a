// What other features may use of admin: the dashboard's counter of invites accepted.
export { countInviteAccepted } from './activity';

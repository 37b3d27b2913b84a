// What other parts of the function use of notifications: the routes, the triggers' work, the
// sweep and the cleanup (functions/src/index.ts), removing a device at logout, every device of
// a person an admin signed out or disabled, and a deleted account's notification data.
export { forgetDeviceAtLogout, pushRoutes } from './routes';
export { entryPosted, inviteUsed, photoAdded } from './triggers';
export { sweepDigests } from './fanout';
export {
  deletePhotoBatchesOf,
  deletePushData,
  removeAllDevices,
  removeStaleDevices,
  removeSubscription,
} from './store';
export { vapidDetails } from './vapid';

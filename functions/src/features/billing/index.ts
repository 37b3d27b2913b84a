// What other features may use of billing: the photo allowance, taken and given back in the
// transactions that record and delete photos, and cancelling a subscription now (an account
// being deleted).
export {
  assertRoomForPhoto,
  deletePhotoRecords,
  givePhotoPlacesBack,
  takePhotoPlace,
} from './allowance';
export { cancelSubscriptionNow } from './cancel';

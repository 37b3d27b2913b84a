// What other features may use of billing: the photo allowance, taken and given back in the
// transactions that record and delete photos.
export {
  assertRoomForPhoto,
  deletePhotoRecords,
  givePhotoPlacesBack,
  takePhotoPlace,
} from './allowance';

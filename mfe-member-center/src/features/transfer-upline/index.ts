// Transfer to upline (legacy page transferUpline): an agent sends money from their main
// wallet to their upline's with the payment password, and sees the log of those transfers.
export { default } from './transfer-upline-page';
export { translationsLoaded } from './translations';

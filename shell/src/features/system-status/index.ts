export { MaintenancePage } from './components/maintenance-page';
export { IpRestrictionPage } from './components/ip-restriction-page';

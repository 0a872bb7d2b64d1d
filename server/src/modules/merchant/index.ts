// The merchant's configuration other modules read: account rules (merchant_setting 'accounts')
// and whitelabel feature switches. No routes: /wps/system/* reports them (system module).
export {
  DEFAULT_ACCOUNT_SETTINGS,
  accountSettingsFrom,
  durationsOf,
  readAccountSettings,
  type AccountSettings,
} from './account-settings';
export { FEATURE_SWITCHES, enabledModules, isModuleEnabled, type FeatureSwitch } from './feature-switches';
export { merchantDomains } from './merchant-domains';

// The merchant's configuration other modules read: account rules (merchant_setting 'accounts'),
// its one currency (merchant_setting 'currency'), whitelabel feature switches, its domains. No routes: /wps/system/* reports them (system module);
// the back office's brand page changes switches and domains through brand-settings.ts (brand module).
export { DEFAULT_ACCOUNT_SETTINGS, durationsOf, lockoutRuleOf, readAccountSettings, type AccountSettings } from './account-settings';
export { enabledModules, isModuleEnabled } from './feature-switches';
export { merchantDomains } from './merchant-domains';
export { DEFAULT_MERCHANT_CURRENCY, merchantCurrencyFrom, readMerchantCurrency } from './currency';
export {
  addMerchantDomain,
  brandAccountSettingsFrom,
  brandInvalid,
  listFeatureSwitches,
  OPERATOR_SWITCHES,
  removeMerchantDomain,
  setFeatureSwitches,
  type BrandAccountSettings,
  type Change,
  type FeatureSwitchState,
} from './brand-settings';

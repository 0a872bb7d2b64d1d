export { openSupportLink, supportLinkUrl, isWebUrl, SUPPORT_LINK_TYPE } from './support-link';
export { useCustomerService, customerServiceLinks, type CustomerServiceLink } from './hooks/use-customer-service';

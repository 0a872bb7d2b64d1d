export { serviceItemsForRank, useCustomerService, useRankedServiceItems, type CustomerServiceOptions } from './hooks/use-customer-service';
export {
  customerServiceLinks,
  IN_SITE_CHAT_TYPES,
  useChatServiceEntry,
  useCustomerServiceLinks,
  type CustomerServiceLink,
} from './hooks/use-service-entries';

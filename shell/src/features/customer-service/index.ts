export { customerServiceLinks, serviceItemsForRank, useCustomerService, useCustomerServiceLinks, type CustomerServiceLink } from './hooks/use-customer-service';

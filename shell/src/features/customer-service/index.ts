export { useCustomerService, customerServiceLinks, type CustomerServiceLink } from './hooks/use-customer-service';

export { customerServiceLinks, useCustomerService, useCustomerServiceLinks, type CustomerServiceLink } from './hooks/use-customer-service';

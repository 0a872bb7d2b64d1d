// The member centre's messageV2 page (platform messages): inbox, outbox, read, delete, reply, write to customer service.
export { MessagesPage as default } from './messages-page';
export { translationsLoaded } from './translations';

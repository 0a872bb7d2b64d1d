// Platform messages (messageV2): the member's inbox and outbox, the unread count (also pushed on
// the balance stream), and the operator's side (sendMessage, listMemberMails) for the operator API.
export { messageRoutes, type MessageRoutesOptions } from './message.routes';
export { messageMessages } from './message.messages';
export { UnreadStreams, MAIL_LISTENER_APPLICATION_NAME, type MemberEventSubscriber, type UnreadStreamsOptions } from './unread-streams';
export {
  MAX_RECIPIENTS,
  listMemberMails,
  markMemberMailsRead,
  sendMessage,
  sendMessageIn,
  type MemberMailListQuery,
  type MemberMailRecord,
  type SendMessageInput,
} from './message.service';

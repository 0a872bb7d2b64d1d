// Live chat with customer service: a member's conversations with the merchant's operators (queues
// livechat and vip, working hours and an away message, scripted quick questions), pushed to both
// sides on every replica through LISTEN/NOTIFY (ChatHub), and the operators' desk for the
// operator API (take, reply, transfer, close, settings, scripts).
export { chatRoutes, CHAT_STREAM_LIFETIME_MS, type ChatRoutesOptions } from './chat.routes';
export { chatOperatorRoutes } from './chat.operator-routes';
export { ChatHub, CHAT_LISTENER_APPLICATION_NAME, type ChatHubOptions } from './chat.hub';
export { chatMessages } from './chat.messages';
export { CHAT_SETTING_KEY } from './chat.settings';

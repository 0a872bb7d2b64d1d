// Chat answers as the server sends them (each matches its contract row), for the chat's tests.
import type { ChatConversation, ChatMessage } from '@platform/contract';

export const CONVERSATION_ID = 41;
const START = Date.UTC(2026, 10, 29, 9, 0, 0);

export function conversation(overrides: Partial<ChatConversation> = {}): ChatConversation {
  return {
    conversationId: CONVERSATION_ID,
    state: 'active',
    queue: 'livechat',
    operatorName: 'Mia',
    openedAt: START,
    closedAt: null,
    online: true,
    lastMessageId: 0,
    memberReadId: 0,
    operatorReadId: 0,
    unreadCount: 0,
    ...overrides,
  };
}

export function message(messageId: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    messageId,
    conversationId: CONVERSATION_ID,
    sender: 'operator',
    senderName: 'Mia',
    kind: 'text',
    notice: null,
    text: `Message ${messageId}`,
    clientMessageId: null,
    sentAt: START + messageId * 1000,
    ...overrides,
  };
}

/** The member's own text, as stored under its client id. */
export function ownMessage(messageId: number, text: string, clientMessageId: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return message(messageId, { sender: 'member', senderName: null, text, clientMessageId, ...overrides });
}

/** The first bytes of a png (enough for the browser-side check of its type), as a File. */
export function pngFile(name = 'receipt.png', size?: number): File {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
  const bytes = new Uint8Array(size ?? signature.length);
  bytes.set(signature.slice(0, bytes.length));
  return new File([bytes], name, { type: 'image/png' });
}

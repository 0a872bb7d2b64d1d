import { Button, ConfirmDialog, formatDateTime, SITE_CLOSED_CODES, Spinner, useBusState, useT } from '@platform/shared';
import { CHAT_IMAGE_MAX_BYTES, CHAT_TEXT_MAX_LENGTH, type ChatConversation, type ChatMessage, type ChatScript } from '@platform/contract';
import { IMAGE_ACCEPT, imageOf, LoadError, type ImageProblem } from '@platform/ui-blocks';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type FormEvent, type KeyboardEvent } from 'react';
import { useNarrowScreen } from '../../layout/hooks/use-narrow-screen';
import { ChatImage, ChatPicture } from './chat-image';
import { chatEngineFor, type ChatEngine, type ChatState, type PendingMessage } from './chat-engine';
import { MessageText } from './message-text';
import { useOutsideSupport } from './outside-support';
import { CHAT_NAMESPACE } from './translations';
import styles from './chat-window.module.css';

export { chatTranslationsLoaded } from './translations';

export interface ChatWindowProps {
  onClose: () => void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** Within this many pixels of the bottom, the list follows new messages down. */
const FOLLOW_SLACK_PX = 80;

type TFunction = ReturnType<typeof useT>['t'];

/** 'HH:mm' today, 'yyyy-MM-dd HH:mm' before. */
function timeOf(sentAt: number): string {
  const full = formatDateTime(sentAt);
  return full.slice(0, 10) === formatDateTime(Date.now()).slice(0, 10) ? full.slice(11, 16) : full.slice(0, 16);
}

function statusLine(conversation: ChatConversation | null, t: TFunction): string {
  if (!conversation) return '';
  switch (conversation.state) {
    case 'waiting':
      return conversation.online ? t('status_waiting') : t('status_offline');
    case 'active':
      return conversation.operatorName ? t('status_active', { name: conversation.operatorName }) : t('status_active_unnamed');
    case 'closed':
      return t('status_closed');
  }
}

/** The site's own line for a notice without text of its own (taken, transferred, closed). */
function noticeText(message: ChatMessage, t: TFunction): string {
  switch (message.notice) {
    case 'taken':
      return message.senderName ? t('notice_taken', { name: message.senderName }) : t('notice_taken_unnamed');
    case 'transferred':
      return t('notice_transferred');
    case 'closed':
      return t('notice_closed');
    default:
      return message.text;
  }
}

interface MessageProps {
  message: ChatMessage;
  engine: ChatEngine;
  conversations: ChatState['conversations'];
  t: TFunction;
}

/** One stored message: the member's (right, with its read receipt), an operator's (left), or the site's line. */
function StoredMessage({ message, engine, conversations, t }: MessageProps) {
  // The away message, the scripted answers and the site's own lines.
  if (message.kind === 'notice' && message.notice !== 'script') {
    return (
      <div className={styles.notice} data-testid="chat-notice" data-notice={message.notice ?? undefined}>
        <MessageText text={noticeText(message, t)} className={styles.noticeText} />
      </div>
    );
  }
  const own = message.sender === 'member';
  const read = own && (conversations[message.conversationId]?.operatorReadId ?? 0) >= message.messageId;
  const who = own ? t('you') : message.senderName || t('operator');
  return (
    <div
      className={own ? `${styles.message} ${styles.own}` : styles.message}
      data-testid="chat-message"
      data-sender={message.sender}
      data-state={own ? (read ? 'read' : 'sent') : undefined}
      data-message-id={message.messageId}
    >
      <span className={own ? styles.visuallyHidden : styles.sender}>{who}</span>
      <div className={message.kind === 'image' ? `${styles.bubble} ${styles.imageBubble}` : styles.bubble}>
        {message.kind === 'image' ? <ChatImage engine={engine} messageId={message.messageId} /> : <MessageText text={message.text} className={styles.text} />}
      </div>
      <span className={styles.meta}>
        <time dateTime={new Date(message.sentAt).toISOString()}>{timeOf(message.sentAt)}</time>
        {own && <span data-testid="chat-receipt">{read ? t('read') : t('sent')}</span>}
      </span>
    </div>
  );
}

/** A message of the member's on its way, or failed with its retry. */
function PendingItem({ entry, engine, t }: { entry: PendingMessage; engine: ChatEngine; t: TFunction }) {
  const failed = entry.state === 'failed';
  return (
    <div className={`${styles.message} ${styles.own}`} data-testid="chat-message" data-sender="member" data-state={entry.state} data-client-id={entry.clientMessageId}>
      <span className={styles.visuallyHidden}>{t('you')}</span>
      <div className={`${styles.bubble} ${failed ? styles.failedBubble : styles.pendingBubble} ${entry.kind === 'image' ? styles.imageBubble : ''}`}>
        {entry.kind === 'image' && entry.image ? <ChatPicture src={entry.image} /> : <MessageText text={entry.text} className={styles.text} />}
      </div>
      <span className={styles.meta}>
        {failed ? (
          <>
            <span className={styles.failed} role="alert">
              {t('failed')}
              {entry.error ? `: ${entry.error}` : ''}
            </span>
            <button type="button" className={styles.linkButton} data-testid="chat-retry" onClick={() => engine.retry(entry.clientMessageId)}>
              {t('retry')}
            </button>
          </>
        ) : (
          <span>{t('sending')}</span>
        )}
      </span>
    </div>
  );
}

function QuickQuestions({ scripts, onAsk, t }: { scripts: readonly ChatScript[]; onAsk: (script: ChatScript) => void; t: TFunction }) {
  const labelId = useId();
  return (
    <div className={styles.quick}>
      <span id={labelId} className={styles.visuallyHidden}>
        {t('quick_questions')}
      </span>
      <ul className={styles.quickList} aria-labelledby={labelId} data-testid="chat-quick-questions">
        {scripts.map((script) => (
          <li key={script.scriptId}>
            <button type="button" className={styles.quickButton} onClick={() => onAsk(script)}>
              {script.question}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

const IMAGE_PROBLEM_KEYS: Record<ImageProblem, string> = { type: 'image_type', size: 'image_size', empty: 'image_empty' };

/**
 * The chat with customer service: a window docked at the page's corner on a wide screen, a
 * full-screen sheet on a phone. A chunk of its own, fetched when the chat is first opened
 * (components/chat-entry-ui.tsx). It opens (or shows) the member's conversation, follows it live,
 * and sends texts, quick questions and pictures.
 */
export default function ChatWindow({ onClose }: ChatWindowProps) {
  const { t } = useT(CHAT_NAMESPACE);
  const { token } = useBusState('session');
  // The host renders the window only with a session (and closes it when the session ends).
  const engine = chatEngineFor(token ?? '');
  const state = useSyncExternalStore(engine.subscribe, engine.getState, engine.getState);
  const narrow = useNarrowScreen();
  const outsideSupport = useOutsideSupport();
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const following = useRef(true);
  const [text, setText] = useState('');
  const [imageError, setImageError] = useState<string | null>(null);
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const [ending, setEnding] = useState(false);
  const { phase, conversation, messages, pending, scripts } = state;
  const canSend = engine.canSend();
  const closed = conversation?.state === 'closed';
  // The stored messages already carry those pending ones whose answer got lost: shown once.
  const storedClientIds = new Set(messages.map((message) => message.clientMessageId).filter(Boolean));
  const shownPending = pending.filter((entry) => !storedClientIds.has(entry.clientMessageId));

  useEffect(() => {
    engine.attach();
    const onVisible = () => void engine.markRead();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      engine.detach();
    };
  }, [engine]);

  // Focus: into the window when it opens, then into the message box once the conversation is there.
  useEffect(() => {
    dialogRef.current?.focus();
  }, []);
  useEffect(() => {
    if (phase === 'ready' && canSend && (document.activeElement === dialogRef.current || !dialogRef.current?.contains(document.activeElement))) inputRef.current?.focus();
  }, [phase, canSend]);

  // The list follows new messages down while the member is at its bottom (not while reading back).
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && following.current) log.scrollTop = log.scrollHeight;
  }, [messages.length, shownPending.length, state.operatorTyping, phase]);
  const onScroll = () => {
    const log = logRef.current;
    if (log) following.current = log.scrollHeight - log.scrollTop - log.clientHeight < FOLLOW_SLACK_PX;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // A dialog over the window (the picture, the confirmation) takes its own keys.
    if (event.defaultPrevented || confirmingEnd || !dialogRef.current?.contains(event.target as Node)) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab' && narrow) {
      // The phone's sheet covers the page: the keyboard stays inside it.
      const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first) return;
      if (event.shiftKey && (document.activeElement === first || document.activeElement === dialogRef.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (engine.sendText(text)) {
      setText('');
      following.current = true;
    }
    inputRef.current?.focus();
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line; not while an input method is composing.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const ask = (script: ChatScript) => {
    if (engine.sendText(script.question, script.scriptId)) following.current = true;
  };

  const onFile = useCallback(
    async (file: File | undefined) => {
      if (!file) return;
      setImageError(null);
      const checked = await imageOf(file, CHAT_IMAGE_MAX_BYTES);
      if ('problem' in checked) {
        setImageError(t(IMAGE_PROBLEM_KEYS[checked.problem], { size: CHAT_IMAGE_MAX_BYTES / 1024 / 1024 }));
        return;
      }
      if (engine.sendImage(checked.dataUrl)) following.current = true;
    },
    [engine, t],
  );

  const endChat = async () => {
    setEnding(true);
    await engine.endConversation();
    setEnding(false);
    setConfirmingEnd(false);
  };

  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-labelledby={titleId}
      // A sheet over the whole page on a phone; beside the page (which stays usable) on a wide screen.
      aria-modal={narrow ? true : undefined}
      tabIndex={-1}
      className={styles.window}
      data-testid="chat-window"
      onKeyDown={onKeyDown}
    >
      <header className={styles.header}>
        <div className={styles.heading}>
          <h2 id={titleId} className={styles.title}>
            {t('title')}
          </h2>
          <p className={styles.status} data-testid="chat-status">
            {statusLine(conversation, t)}
          </p>
        </div>
        {conversation && !closed && (
          <button type="button" className={styles.headerButton} data-testid="chat-end" onClick={() => setConfirmingEnd(true)}>
            {t('end')}
          </button>
        )}
        <button type="button" className={styles.closeButton} aria-label={t('close')} title={t('close')} data-testid="chat-close" onClick={onClose}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </header>

      {state.connection === 'retrying' && (
        <p className={styles.connection} role="status" data-testid="chat-reconnecting">
          {t('reconnecting')}
        </p>
      )}

      {(phase === 'idle' || phase === 'opening') && (
        <div className={styles.centre}>
          <Spinner />
        </div>
      )}
      {phase === 'error' && (
        <div className={styles.centre}>
          <LoadError title={t('load_failed')} error={state.error} variant="compact" onRetry={() => void engine.open()} testId="chat-load-error" />
          {/* The site is closed to the member (maintenance, their region): the chat with it; the outside service may still answer. */}
          {state.error && SITE_CLOSED_CODES.has(state.error.errorCode) && outsideSupport && (
            <Button variant="secondary" size="sm" data-testid="chat-outside-support" onClick={outsideSupport}>
              {t('other_ways')}
            </Button>
          )}
        </div>
      )}

      {phase === 'ready' && (
        <>
          <div ref={logRef} className={styles.log} role="log" aria-label={t('messages')} tabIndex={0} data-testid="chat-log" onScroll={onScroll}>
            {state.hasEarlier && (
              <Button variant="ghost" size="sm" className={styles.earlier} loading={state.loadingEarlier} onClick={() => void engine.loadEarlier()}>
                {t('earlier')}
              </Button>
            )}
            {messages.map((message) => (
              <StoredMessage key={message.messageId} message={message} engine={engine} conversations={state.conversations} t={t} />
            ))}
            {shownPending.map((entry) => (
              <PendingItem key={entry.clientMessageId} entry={entry} engine={engine} t={t} />
            ))}
            {state.operatorTyping && (
              <p className={styles.typing} data-testid="chat-typing">
                {conversation?.operatorName ? t('typing', { name: conversation.operatorName }) : t('typing_unnamed')}
              </p>
            )}
          </div>

          {closed ? (
            <div className={styles.ended}>
              <p>{t('status_closed')}</p>
              <Button size="sm" loading={state.starting} data-testid="chat-new" onClick={() => void engine.open({ fresh: true })}>
                {t('new_chat')}
              </Button>
            </div>
          ) : (
            <>
              {scripts.length > 0 && <QuickQuestions scripts={scripts} onAsk={ask} t={t} />}
              {imageError && (
                <p id={errorId} className={styles.imageError} role="alert" data-testid="chat-image-error">
                  {imageError}
                </p>
              )}
              <form className={styles.composer} onSubmit={send}>
                <button
                  type="button"
                  className={styles.attach}
                  aria-label={t('attach')}
                  title={t('attach')}
                  disabled={!canSend}
                  data-testid="chat-attach"
                  onClick={() => fileRef.current?.click()}
                >
                  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                    <rect x="3" y="5" width="18" height="14" rx="2" />
                    <circle cx="8.5" cy="10" r="1.5" />
                    <path d="M21 16l-5-5-9 8" />
                  </svg>
                </button>
                <input
                  ref={fileRef}
                  type="file"
                  accept={IMAGE_ACCEPT}
                  className={styles.visuallyHidden}
                  tabIndex={-1}
                  aria-label={t('attach')}
                  data-testid="chat-image-input"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    // The same file chosen again is a new choice.
                    event.target.value = '';
                    void onFile(file);
                  }}
                />
                <label htmlFor={inputId} className={styles.visuallyHidden}>
                  {t('input_label')}
                </label>
                <textarea
                  ref={inputRef}
                  id={inputId}
                  className={styles.input}
                  rows={1}
                  maxLength={CHAT_TEXT_MAX_LENGTH}
                  placeholder={t('input_placeholder')}
                  value={text}
                  disabled={!canSend}
                  aria-describedby={imageError ? errorId : undefined}
                  data-testid="chat-input"
                  onChange={(event) => {
                    setText(event.target.value);
                    engine.noteTyping(event.target.value.trim() !== '');
                  }}
                  onBlur={() => engine.stopTyping()}
                  onKeyDown={onInputKeyDown}
                />
                <button type="submit" className={styles.send} aria-label={t('send')} title={t('send')} disabled={!canSend || text.trim() === ''} data-testid="chat-send">
                  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                    <path d="M4 12l16-8-6 16-3-7-7-1z" />
                  </svg>
                </button>
              </form>
            </>
          )}
        </>
      )}

      <ConfirmDialog
        open={confirmingEnd}
        message={t('end_confirm')}
        confirmLabel={t('end_confirm_yes')}
        danger
        busy={ending}
        onConfirm={() => void endChat()}
        onCancel={() => setConfirmingEnd(false)}
        testId="chat-end-confirm"
      />
    </div>
  );
}

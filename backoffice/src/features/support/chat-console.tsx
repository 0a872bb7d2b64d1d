import { CHAT_TEXT_MAX_LENGTH } from '@platform/contract';
import { useCallback, useEffect, useReducer, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatTime, Input, localeOf, Notice, Select, ui, useAction, useBackOffice } from '@backoffice/kit';
import {
  CHAT_VIEWS,
  conversationsOf,
  consoleReducer,
  INITIAL_STATE,
  isTyping,
  lastMessageId,
  viewCounts,
  type ChatMessage,
  type ChatView,
  type ConsoleState,
  type DeskConversation,
  type DeskScript,
} from './chat-model';
import { openChatStream, type StreamStatus } from './chat-stream';
import { useObjectUrl } from './use-object-url';
import styles from './support.module.css';

/** Without the live feed (a role that only reads), the list is read again this often. */
const POLL_MS = 15_000;
/** An operator's "typing" is said again this often while they type, and "stopped" after this pause. */
const TYPING_REPEAT_MS = 3000;
const TYPING_PAUSE_MS = 4000;

type Page = { conversation: DeskConversation; list: ChatMessage[]; hasMore: boolean };

const newClientMessageId = () => `bo-${crypto.randomUUID()}`;

/**
 * The live chat desk: the merchant's conversations (waiting, the operator's own, all; found by
 * member), kept current by the operators' event stream (new conversations and messages, the
 * member typing), and the open conversation: its messages and pictures, taken, answered (a text
 * or a scripted answer), handed on and closed where the role may.
 */
export function ChatConsole() {
  const { t, i18n } = useTranslation();
  const { api, session, may } = useBackOffice();
  const me = session.operator.username;
  const [state, dispatch] = useReducer(consoleReducer, INITIAL_STATE);
  const stateRef = useRef<ConsoleState>(state);
  stateRef.current = state;
  const [view, setView] = useState<ChatView>('waiting');
  const [search, setSearch] = useState('');
  const [listError, setListError] = useState<string | null>(null);
  const [stream, setStream] = useState<StreamStatus | null>(null);
  const [streamRefusal, setStreamRefusal] = useState<string | null>(null);
  const live = may('GET /chat/events');
  const { errorOf } = useAction();

  const list = useCallback(async () => {
    try {
      const asked = stateRef.current.changes;
      const answer = await api.get<{ list: DeskConversation[] }>('/chat/conversations', { state: 'all', limit: 300 });
      dispatch({ type: 'listed', list: answer.list, asked });
      setListError(null);
    } catch (caught) {
      setListError(errorOf(caught));
    }
  }, [api, errorOf]);

  // The open conversation's messages after the last one held: what a dropped stream missed, and
  // (for the operator who has it) the member's messages marked read. One read at a time.
  const reading = useRef({ running: false, again: false, whole: false });
  const readNewer = useCallback(async (whole = false) => {
    reading.current.whole ||= whole;
    if (reading.current.running) {
      reading.current.again = true;
      return;
    }
    reading.current.running = true;
    try {
      do {
        reading.current.again = false;
        const current = stateRef.current;
        if (current.openId === null) break;
        // The whole newest page once the operator has it: the member's messages already held
        // are read too (read only after the last one held, they would stay unread).
        const after = reading.current.whole ? undefined : lastMessageId(current);
        reading.current.whole = false;
        const page = await api.get<Page>(`/chat/conversations/${current.openId}`, { after, size: after === undefined ? 50 : 200 });
        dispatch({ type: 'conversation', conversation: page.conversation });
        dispatch({ type: 'messages', list: page.list });
      } while (reading.current.again);
    } catch {
      // Read again on the next event or reconnect.
    } finally {
      reading.current.running = false;
    }
  }, [api]);

  useEffect(() => {
    void list();
    if (live) return undefined;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') {
        void list();
        void readNewer();
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [list, live, readNewer]);

  useEffect(() => {
    if (!live) return undefined;
    return openChatStream({
      token: () => session.token,
      language: () => i18n.language,
      onStatus: (status, detail) => {
        setStream(status);
        if (status === 'open') {
          setStreamRefusal(null);
          void list();
          void readNewer();
        }
        if (status === 'refused') {
          // The session is over: any call now says so, and the app goes back to the sign-in page.
          if (detail?.status === 401) void api.get('/session').catch(() => undefined);
          setStreamRefusal(detail?.message ?? String(detail?.status));
        }
      },
      onEvent: (event, data) => {
        if (event === 'message') {
          const message = data as ChatMessage;
          dispatch({ type: 'messages', list: [message] });
          const current = stateRef.current;
          const known = current.conversations[message.conversationId];
          if (!known) void list();
          else if (message.conversationId === current.openId && message.sender === 'member' && known.state === 'active' && known.operatorName === me) void readNewer();
        } else if (event === 'conversation') {
          dispatch({ type: 'conversation', conversation: data as DeskConversation });
        } else if (event === 'typing') {
          const typing = data as { conversationId: number; typing: boolean };
          dispatch({ type: 'typing', conversationId: typing.conversationId, typing: typing.typing, nowMs: Date.now() });
        } else if (event === 'resync') {
          void list();
          void readNewer();
        }
      },
    });
    // The session's token and the operator do not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, list, readNewer]);

  // A member's "typing" lapses by itself: show the page again when the first one does.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const times = Object.values(state.typing).filter((until) => until > now);
    if (times.length === 0) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(...times) - now + 50);
    return () => clearTimeout(timer);
  }, [state.typing, now]);
  const nowMs = Math.max(now, Date.now());

  const [opening, setOpening] = useState<{ id: number; error: string | null } | null>(null);
  const open = async (conversationId: number) => {
    setOpening({ id: conversationId, error: null });
    try {
      const page = await api.get<Page>(`/chat/conversations/${conversationId}`, { size: 50 });
      dispatch({ type: 'opened', ...page });
      setOpening(null);
    } catch (caught) {
      setOpening({ id: conversationId, error: errorOf(caught) });
    }
  };

  const shown = conversationsOf(state, view, me, search);
  const counts = viewCounts(state, me);
  const opened = state.openId === null ? undefined : state.conversations[state.openId];

  return (
    <div className={styles.console}>
      <section className={styles.listPane} aria-label={t('support.chat.conversations')}>
        <div className={styles.views} role="group" aria-label={t('support.chat.view')}>
          {CHAT_VIEWS.map((name) => (
            <button key={name} type="button" className={styles.view} aria-pressed={view === name} onClick={() => setView(name)} data-testid={`chat-view-${name}`}>
              {t(`support.chat.views.${name}`)} <span className={styles.count}>{counts[name].count}</span>
              {counts[name].unread > 0 && <span className={styles.badge}>{t('support.chat.unread', { count: counts[name].unread })}</span>}
            </button>
          ))}
        </div>
        <Field label={t('support.chat.search')}>
          <Input type="search" value={search} maxLength={40} onChange={(event) => setSearch(event.target.value)} />
        </Field>
        <StreamLine live={live} status={stream} refusal={streamRefusal} />
        <ErrorMessage>{listError}</ErrorMessage>
        <ul className={styles.list} data-testid="chat-conversations">
          {shown.map((conversation) => (
            <li key={conversation.conversationId}>
              <ConversationRow conversation={conversation} selected={conversation.conversationId === state.openId} typing={isTyping(state, conversation.conversationId, nowMs)} onOpen={() => void open(conversation.conversationId)} />
            </li>
          ))}
        </ul>
        {shown.length === 0 && <p className={ui.empty}>{t(`support.chat.empty.${view}`)}</p>}
      </section>
      <section className={styles.detailPane} aria-label={t('support.chat.conversation')}>
        {opening?.error && <ErrorMessage>{opening.error}</ErrorMessage>}
        {opened ? (
          <ConversationView
            key={opened.conversationId}
            conversation={opened}
            state={state}
            typing={isTyping(state, opened.conversationId, nowMs)}
            dispatch={dispatch}
            onChanged={() => void readNewer()}
            onTaken={() => {
              // Now the operator's own: read whole (marked read) and found under "Mine".
              setView((current) => (current === 'waiting' ? 'mine' : current));
              void readNewer(true);
            }}
          />
        ) : (
          <p className={ui.empty}>{opening && !opening.error ? t('loading') : t('support.chat.pick')}</p>
        )}
      </section>
    </div>
  );
}

function StreamLine({ live, status, refusal }: { live: boolean; status: StreamStatus | null; refusal: string | null }) {
  const { t } = useTranslation();
  if (!live) return <p className={styles.muted}>{t('support.chat.polling')}</p>;
  if (status === 'refused') return <ErrorMessage>{t('support.chat.streamRefused', { reason: refusal ?? '' })}</ErrorMessage>;
  const key = status === 'open' ? 'live' : status === 'down' ? 'down' : 'connecting';
  return (
    <p className={status === 'open' ? styles.live : styles.warning} data-testid="chat-stream" data-status={status ?? 'connecting'}>
      {t(`support.chat.stream.${key}`)}
    </p>
  );
}

function ConversationRow({ conversation, selected, typing, onOpen }: { conversation: DeskConversation; selected: boolean; typing: boolean; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const unread = conversation.state !== 'closed' ? conversation.unreadCount : 0;
  return (
    <button
      type="button"
      className={styles.row}
      aria-current={selected ? 'true' : undefined}
      onClick={onOpen}
      data-testid="chat-conversation-row"
      data-username={conversation.username}
      data-state={conversation.state}
    >
      <span className={styles.rowTop}>
        <strong>{conversation.username}</strong>
        {conversation.queue === 'vip' && <span className={styles.vip}>{t('support.chat.vip')}</span>}
        {unread > 0 && (
          <span className={styles.badge} data-testid="chat-unread">
            {t('support.chat.unread', { count: unread })}
          </span>
        )}
      </span>
      <span className={styles.muted}>
        {t(`support.chat.states.${conversation.state}`)}
        {conversation.operatorName ? ` · ${conversation.operatorName}` : ''} · {formatTime(conversation.openedAt, localeOf(i18n.language))}
      </span>
      {typing && <span className={styles.typing}>{t('support.chat.typing')}</span>}
    </button>
  );
}

function ConversationView({
  conversation,
  state,
  typing,
  dispatch,
  onChanged,
  onTaken,
}: {
  conversation: DeskConversation;
  state: ConsoleState;
  typing: boolean;
  dispatch: (action: Parameters<typeof consoleReducer>[1]) => void;
  onChanged: () => void;
  onTaken: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { api, may, session } = useBackOffice();
  const { busy, outcome, run } = useAction();
  const me = session.operator.username;
  const closed = conversation.state === 'closed';
  const mine = conversation.state === 'active' && conversation.operatorName === me;
  const mayAnswer = !closed && (conversation.state === 'waiting' || mine);
  const [older, setOlder] = useState<string | null>(null);

  const take = () =>
    run(async () => {
      const answer = await api.post<{ conversation: DeskConversation; taken: boolean }>(`/chat/conversations/${conversation.conversationId}/take`);
      dispatch({ type: 'conversation', conversation: answer.conversation });
      onTaken();
      return t('support.chat.taken', { username: conversation.username });
    });
  const close = () =>
    run(async () => {
      dispatch({ type: 'conversation', conversation: await api.post<DeskConversation>(`/chat/conversations/${conversation.conversationId}/close`) });
      onChanged();
      return t('support.chat.closed', { username: conversation.username });
    });

  const loadOlder = async () => {
    setOlder(null);
    try {
      const page = await api.get<Page>(`/chat/conversations/${conversation.conversationId}`, { before: state.messages[0]?.messageId, size: 50 });
      dispatch({ type: 'older', list: page.list, hasMore: page.hasMore });
    } catch (caught) {
      setOlder(caught instanceof Error ? caught.message : String(caught));
    }
  };

  // The newest message in view as it arrives.
  const end = useRef<HTMLDivElement>(null);
  const newest = state.messages.at(-1)?.messageId;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [newest]);

  return (
    <article className={styles.conversation} data-testid="chat-open" data-conversation-id={conversation.conversationId} aria-labelledby="chat-open-title">
      <header className={styles.conversationHead}>
        <h2 id="chat-open-title" className={styles.heading}>
          {conversation.username}
        </h2>
        <span className={styles.muted} data-testid="chat-open-state">
          {t(`support.chat.states.${conversation.state}`)}
          {conversation.operatorName ? ` · ${t('support.chat.with', { name: conversation.operatorName })}` : ''}
          {` · ${t(`support.chat.queues.${conversation.queue}`)}`}
        </span>
        <div className={ui.actions}>
          {conversation.state === 'waiting' && may('POST /chat/conversations/:id/take') && (
            <Button onClick={() => void take()} disabled={busy}>
              {t('support.chat.take')}
            </Button>
          )}
          {!closed && may('POST /chat/conversations/:id/close') && (
            <Button variant="danger" onClick={() => void close()} disabled={busy}>
              {t('support.chat.close')}
            </Button>
          )}
        </div>
      </header>
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error}</ErrorMessage>
      <div className={styles.messages} data-testid="chat-messages">
        {state.hasMore && (
          <Button variant="secondary" onClick={() => void loadOlder()}>
            {t('support.chat.older')}
          </Button>
        )}
        <ErrorMessage>{older}</ErrorMessage>
        {state.messages.map((message) => (
          <MessageLine key={message.messageId} message={message} locale={locale} />
        ))}
        {typing && !closed && (
          <p className={styles.typing} data-testid="chat-typing" role="status">
            {t('support.chat.memberTyping', { username: conversation.username })}
          </p>
        )}
        <div ref={end} />
      </div>
      {mayAnswer && may('POST /chat/conversations/:id/reply') && <ReplyBox conversation={conversation} mine={mine} dispatch={dispatch} onTaken={onTaken} />}
      {!closed && may('POST /chat/conversations/:id/transfer') && <TransferForm conversation={conversation} dispatch={dispatch} />}
      {conversation.state === 'active' && !mine && may('POST /chat/conversations/:id/reply') && <p className={styles.muted}>{t('support.chat.othersConversation', { name: conversation.operatorName ?? '' })}</p>}
    </article>
  );
}

function MessageLine({ message, locale }: { message: ChatMessage; locale: string }) {
  const { t } = useTranslation();
  const time = formatTime(message.sentAt, locale);
  if (message.kind === 'notice') {
    const words =
      message.notice === 'taken'
        ? t('support.chat.notice.taken', { name: message.senderName ?? '' })
        : message.notice === 'transferred'
          ? t('support.chat.notice.transferred')
          : message.notice === 'closed'
            ? t('support.chat.notice.closed')
            : message.notice === 'away'
              ? t('support.chat.notice.away', { text: message.text })
              : t('support.chat.notice.script', { text: message.text });
    return (
      <p className={styles.notice} data-testid="chat-message" data-sender="system">
        {words} <span className={styles.time}>{time}</span>
      </p>
    );
  }
  const who = message.sender === 'member' ? t('support.chat.member') : (message.senderName ?? t('support.chat.operator'));
  return (
    <div className={message.sender === 'member' ? styles.fromMember : styles.fromOperator} data-testid="chat-message" data-sender={message.sender}>
      <span className={styles.time}>
        {who} · {time}
      </span>
      {message.kind === 'image' ? <ChatPicture messageId={message.messageId} /> : <p className={styles.text} data-testid="chat-text">{message.text}</p>}
    </div>
  );
}

/** An image message's picture: read through the API with the operator's token (each read is audited), shown from an object URL. */
function ChatPicture({ messageId }: { messageId: number }) {
  const { t } = useTranslation();
  const { api } = useBackOffice();
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    api.get<{ image: string }>(`/chat/messages/${messageId}/image`).then(
      (answer) => current && setDataUrl(answer.image),
      (caught: unknown) => current && setError(caught instanceof Error ? caught.message : String(caught)),
    );
    return () => {
      current = false;
    };
  }, [api, messageId]);
  const url = useObjectUrl(dataUrl);
  if (error) return <ErrorMessage>{error}</ErrorMessage>;
  if (!url) return <p className={styles.muted}>{t('loading')}</p>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      <img className={styles.picture} src={url} alt={t('support.chat.picture', { id: messageId })} />
    </a>
  );
}

function ReplyBox({ conversation, mine, dispatch, onTaken }: { conversation: DeskConversation; mine: boolean; dispatch: (action: Parameters<typeof consoleReducer>[1]) => void; onTaken: () => void }) {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const { busy, outcome, run } = useAction();
  const [draft, setDraft] = useState({ text: '', key: newClientMessageId() });
  const [scripts, setScripts] = useState<DeskScript[]>([]);
  const [scriptId, setScriptId] = useState('');
  const path = `/chat/conversations/${conversation.conversationId}`;
  const mayType = mine && may('POST /chat/conversations/:id/typing');

  useEffect(() => {
    if (!may('GET /chat/scripts')) return;
    api.get<{ list: DeskScript[] }>('/chat/scripts').then(
      (answer) => setScripts(answer.list),
      () => setScripts([]),
    );
  }, [api, may]);

  // "Typing" goes to the member's window: said while the operator types, "stopped" after a pause.
  const typing = useRef<{ saidAt: number; pause: ReturnType<typeof setTimeout> | null }>({ saidAt: 0, pause: null });
  const sayTyping = (on: boolean) => void api.post(`${path}/typing`, { typing: on }).catch(() => undefined);
  const typed = () => {
    if (!mayType) return;
    const nowMs = Date.now();
    if (nowMs - typing.current.saidAt > TYPING_REPEAT_MS) {
      typing.current.saidAt = nowMs;
      sayTyping(true);
    }
    if (typing.current.pause) clearTimeout(typing.current.pause);
    typing.current.pause = setTimeout(() => {
      typing.current.saidAt = 0;
      sayTyping(false);
    }, TYPING_PAUSE_MS);
  };
  useEffect(
    () => () => {
      if (typing.current.pause) clearTimeout(typing.current.pause);
    },
    [],
  );

  const send = async (body: { text?: string; scriptId?: number; clientMessageId?: string }) => {
    const done = await run(async () => {
      const answer = await api.post<{ list: ChatMessage[] }>(`${path}/reply`, body);
      dispatch({ type: 'messages', list: answer.list });
      return '';
    });
    if (!done) return;
    if (typing.current.pause) {
      clearTimeout(typing.current.pause);
      typing.current = { saidAt: 0, pause: null };
    }
    // A waiting conversation was taken by the reply.
    if (conversation.state === 'waiting') onTaken();
    if (body.text !== undefined) setDraft({ text: '', key: newClientMessageId() });
    else setScriptId('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.text.trim()) return;
    // The same id for every retry of this text: the server stores it once.
    void send({ text: draft.text.trim(), clientMessageId: draft.key });
  };
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form className={styles.reply} onSubmit={submit} aria-label={t('support.chat.replyForm')}>
      <ErrorMessage>{outcome.error}</ErrorMessage>
      <label className={styles.replyLabel}>
        <span>{t('support.chat.reply')}</span>
        <textarea
          className={`${ui.input} ${styles.textarea}`}
          value={draft.text}
          maxLength={CHAT_TEXT_MAX_LENGTH}
          onChange={(event) => {
            setDraft({ ...draft, text: event.target.value });
            typed();
          }}
          onKeyDown={keyDown}
        />
      </label>
      <div className={ui.actions}>
        <Button type="submit" disabled={busy || !draft.text.trim()}>
          {t('support.chat.send')}
        </Button>
        {scripts.length > 0 && (
          <>
            <Select aria-label={t('support.chat.script')} value={scriptId} onChange={(event) => setScriptId(event.target.value)}>
              <option value="">{t('support.chat.pickScript')}</option>
              {scripts.map((script) => (
                <option key={script.scriptId} value={script.scriptId} title={script.answer}>
                  {script.question}
                </option>
              ))}
            </Select>
            <Button variant="secondary" disabled={busy || !scriptId} onClick={() => void send({ scriptId: Number(scriptId) })}>
              {t('support.chat.sendScript')}
            </Button>
          </>
        )}
      </div>
    </form>
  );
}

function TransferForm({ conversation, dispatch }: { conversation: DeskConversation; dispatch: (action: Parameters<typeof consoleReducer>[1]) => void }) {
  const { t } = useTranslation();
  const { api } = useBackOffice();
  const { busy, outcome, run } = useAction();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState({ kind: 'operator' as 'operator' | 'queue', operator: '', queue: conversation.queue as string });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const body = target.kind === 'operator' ? { toOperator: target.operator.trim() } : { queue: target.queue };
      dispatch({ type: 'conversation', conversation: await api.post<DeskConversation>(`/chat/conversations/${conversation.conversationId}/transfer`, body) });
      setOpen(false);
      return target.kind === 'operator' ? t('support.chat.transferredTo', { name: target.operator.trim() }) : t('support.chat.transferredQueue', { queue: t(`support.chat.queues.${target.queue}`) });
    });
  };
  return (
    <div className={styles.transfer}>
      <Notice>{outcome.notice}</Notice>
      {!open ? (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('support.chat.transfer')}
        </Button>
      ) : (
        <form className={ui.toolbar} onSubmit={submit} aria-label={t('support.chat.transfer')}>
          <Field label={t('support.chat.transferTo')}>
            <Select value={target.kind} onChange={(event) => setTarget({ ...target, kind: event.target.value as 'operator' | 'queue' })}>
              <option value="operator">{t('support.chat.toOperator')}</option>
              <option value="queue">{t('support.chat.toQueue')}</option>
            </Select>
          </Field>
          {target.kind === 'operator' ? (
            <Field label={t('support.chat.operatorName')}>
              <Input required pattern="[A-Za-z0-9_.\-]{3,40}" value={target.operator} onChange={(event) => setTarget({ ...target, operator: event.target.value })} />
            </Field>
          ) : (
            <Field label={t('support.chat.queue')}>
              <Select value={target.queue} onChange={(event) => setTarget({ ...target, queue: event.target.value })}>
                <option value="livechat">{t('support.chat.queues.livechat')}</option>
                <option value="vip">{t('support.chat.queues.vip')}</option>
              </Select>
            </Field>
          )}
          <Button type="submit" disabled={busy}>
            {t('support.chat.transferSubmit')}
          </Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('cancel')}
          </Button>
          <ErrorMessage>{outcome.error}</ErrorMessage>
        </form>
      )}
    </div>
  );
}

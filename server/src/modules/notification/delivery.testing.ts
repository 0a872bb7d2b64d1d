import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// Real counterparts of the delivery worker for tests (not a test file itself): an SMTP server
// (the smtp-server package) that keeps what it receives, and a local stand-in for Twilio's
// Messages API on node:http that can answer, fail with HTTP 500, or never answer.

/** A message as the SMTP server received it, its MIME decoded. */
export interface ReceivedMail {
  /** The envelope (MAIL FROM, RCPT TO). */
  mailFrom: string;
  rcptTo: string[];
  /** The authenticated user, if any. */
  user: string | undefined;
  headers: Record<string, string>;
  subject: string;
  text: string;
  raw: string;
}

export interface SmtpSink {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** An SMTP server on 127.0.0.1 (a free port) that wants this user and password and keeps every message. */
export async function startSmtpSink(credentials: { user: string; password: string }): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    // Plain SMTP on loopback (SMTP_SECURE=none): no upgrade offered, login over the plain connection.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.password) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mailFrom = session.envelope.mailFrom;
        received.push({
          ...parseMime(raw),
          raw,
          mailFrom: mailFrom ? mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The headers, subject and text of a single-part text message (what the worker sends). */
function parseMime(raw: string): { headers: Record<string, string>; subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? quotedPrintable(body)
        : Buffer.from(body, 'utf8');
  return { headers, subject: decodeWords(headers.subject ?? ''), text: bytes.toString('utf8').replace(/\r\n/g, '\n').replace(/\n$/, '') };
}

function quotedPrintable(text: string): Buffer {
  const softBreaksGone = text.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksGone.length; i++) {
    const char = softBreaksGone[i];
    if (char === '=' && /^[0-9A-F]{2}$/i.test(softBreaksGone.slice(i + 1, i + 3))) {
      bytes.push(parseInt(softBreaksGone.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=), adjacent ones joined. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_word, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : quotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

/** One request the fake provider received. */
export interface ProviderRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
  /** What it answered: an HTTP status, or 'no answer' (it hung until the caller gave up). */
  answered: number | 'no answer';
  /** The message's sid when it was accepted (201). */
  sid?: string;
}

/** ok: 201 with a sid; fail: HTTP 500; reject: HTTP 400, Twilio's refusal of the number; hang: never answers. */
export type FakeProviderMode = 'ok' | 'fail' | 'reject' | 'hang';

export interface FakeTwilio {
  baseUrl: string;
  requests: ProviderRequest[];
  /** The requests it accepted (answered 201): the messages it would deliver. */
  accepted(): ProviderRequest[];
  mode: FakeProviderMode;
  /** ok answers after this long (widens races in tests). */
  latencyMs: number;
  close(): Promise<void>;
}

/** A local stand-in for Twilio's Messages API (POST /2010-04-01/Accounts/{Sid}/Messages.json). */
export async function startFakeTwilio(): Promise<FakeTwilio> {
  let counter = 0;
  const hanging = new Set<http.ServerResponse>();
  const fake: FakeTwilio = {
    baseUrl: '',
    requests: [],
    accepted: () => fake.requests.filter((request) => request.answered === 201),
    mode: 'ok',
    latencyMs: 0,
    close: async () => {
      for (const response of hanging) response.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry: ProviderRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
        answered: 'no answer',
      };
      fake.requests.push(entry);
      const answer = (status: number, body: unknown) => {
        entry.answered = status;
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      if (fake.mode === 'hang') {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      if (fake.mode === 'reject') {
        answer(400, { code: 21211, message: `The 'To' number ${entry.form.To} is not a valid phone number.`, more_info: 'https://www.twilio.com/docs/errors/21211', status: 400 });
        return;
      }
      if (fake.mode === 'fail') {
        answer(500, { code: 20500, message: 'Internal Server Error', more_info: 'https://www.twilio.com/docs/errors/20500', status: 500 });
        return;
      }
      const sid = `SM${(++counter).toString(16).padStart(32, '0')}`;
      setTimeout(() => {
        entry.sid = sid;
        answer(201, { sid, status: 'queued', to: entry.form.To, from: entry.form.From ?? null, body: entry.form.Body });
      }, fake.latencyMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** Polls `check` until it answers something other than undefined (or the time is up): never a fixed sleep. */
export async function eventually<T>(check: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

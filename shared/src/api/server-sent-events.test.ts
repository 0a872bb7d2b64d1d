import { createEventParser } from './server-sent-events';

describe('the event parser', () => {
  it('reads events split anywhere across chunks, with comments, ids, retry advice and CRLF', () => {
    const parser = createEventParser();
    expect(parser.push('retry: 3000\n\n: keep-alive\n\nid: 1\nevent: bal')).toEqual([{ event: 'message', data: '', retryMs: 3000 }]);
    expect(parser.push('ance\r\ndata: {"sumBalance":12.5}\r\n\r\nevent: balance\ndata: {"sumBalance":1}\n')).toEqual([{ event: 'balance', data: '{"sumBalance":12.5}', id: '1' }]);
    expect(parser.push('\n')).toEqual([{ event: 'balance', data: '{"sumBalance":1}' }]);
  });

  it('joins several data lines, and skips a block of comments or unknown fields', () => {
    const parser = createEventParser();
    expect(parser.push('event: message\nid: 42\ndata: line one\ndata: line two\n\n: only a comment\n\nfoo: bar\n\n')).toEqual([
      { event: 'message', id: '42', data: 'line one\nline two' },
    ]);
  });
});

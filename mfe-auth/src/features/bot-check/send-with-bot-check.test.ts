import { apiFailure, stubApi } from '@platform/shared/testing';
import { decodeAnswer, decodeIssued, issueChallenge, serverAccepts } from './bot-check.testing';
import { BotCheckAbortedError, BotCheckUnsolvedError, sendWithBotCheck } from './send-with-bot-check';

// The flow around a guarded call (login, registration, SMS send): the challenge request is
// stubbed at the API client, the challenges are real ones (made as the server makes them) and
// every answer is checked as the server checks it.

const REQUIRED = apiFailure('botcheck.required', 'Please complete verification first', { botCheck: true });
const INVALID = apiFailure('botcheck.invalid', 'invalid reCaptcha input', { botCheck: true });

/** Answers GET /wps/botcheck/challenge with a new real challenge each time, `required` as listed (the last one repeats). */
function stubChallenges(...required: boolean[]) {
  const issued: string[] = [];
  const stub = stubApi({
    botCheckChallenge: async () => {
      const challenge = await issueChallenge(300 + issued.length);
      issued.push(challenge);
      return { required: required[Math.min(issued.length - 1, required.length - 1)], challenge };
    },
  });
  return { ...stub, issued };
}

/** A guarded call: fails with the listed failures in turn, then succeeds; remembers each botCheck it was given. */
function guardedCall(...failures: Error[]) {
  const sent: (string | undefined)[] = [];
  const send = jest.fn(async (botCheck: string | undefined) => {
    sent.push(botCheck);
    const failure = failures[sent.length - 1];
    if (failure) throw failure;
    return 'done';
  });
  return { send, sent };
}

describe('sendWithBotCheck', () => {
  it('sends without a check, and solves nothing, when the server does not require one', async () => {
    const { callsOf } = stubChallenges(false);
    const { send, sent } = guardedCall();
    const onSolving = jest.fn();
    await expect(sendWithBotCheck(send, { onSolving })).resolves.toBe('done');
    expect(sent).toEqual([undefined]);
    expect(callsOf('botCheckChallenge')).toHaveLength(1);
    expect(onSolving).not.toHaveBeenCalled();
  });

  it('when required: solves the challenge (saying so), and sends an answer the server accepts', async () => {
    const { issued } = stubChallenges(true);
    const { send, sent } = guardedCall();
    const onSolving = jest.fn();
    await sendWithBotCheck(send, { onSolving });
    expect(onSolving.mock.calls).toEqual([[true], [false]]);
    expect(sent).toHaveLength(1);
    expect(decodeAnswer(sent[0]!).challenge).toEqual(decodeIssued(issued[0]));
    await expect(serverAccepts(sent[0]!)).resolves.toBe(true);
  });

  it('when the call still answers botcheck.required: solves a fresh challenge and sends once more', async () => {
    const { issued, callsOf } = stubChallenges(false);
    const { send, sent } = guardedCall(REQUIRED);
    await expect(sendWithBotCheck(send)).resolves.toBe('done');
    expect(callsOf('botCheckChallenge')).toHaveLength(2);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBeUndefined();
    // The resend answers the second challenge, not the first.
    expect(decodeAnswer(sent[1]!).challenge).toEqual(decodeIssued(issued[1]));
    await expect(serverAccepts(sent[1]!)).resolves.toBe(true);
  });

  it('resends once only: a second botcheck.required is the caller’s', async () => {
    stubChallenges(false);
    const { send } = guardedCall(REQUIRED, REQUIRED);
    await expect(sendWithBotCheck(send)).rejects.toBe(REQUIRED);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('botcheck.invalid and every other refusal go to the caller as they came, without a resend', async () => {
    const { callsOf } = stubChallenges(true);
    const { send } = guardedCall(INVALID);
    await expect(sendWithBotCheck(send)).rejects.toBe(INVALID);
    expect(send).toHaveBeenCalledTimes(1);
    expect(callsOf('botCheckChallenge')).toHaveLength(1);
  });

  it('sends without a check when the challenge cannot be asked for; the server still gets its resend if it wanted one', async () => {
    let asked = 0;
    stubApi({
      botCheckChallenge: async () => {
        asked += 1;
        if (asked === 1) throw apiFailure('network.error', 'Network link is abnormal, please try again', null, 0);
        return { required: true, challenge: await issueChallenge(42) };
      },
    });
    const { send, sent } = guardedCall(REQUIRED);
    await expect(sendWithBotCheck(send)).resolves.toBe('done');
    expect(sent[0]).toBeUndefined();
    await expect(serverAccepts(sent[1]!)).resolves.toBe(true);
  });

  it('a challenge that cannot be solved sends nothing', async () => {
    stubApi({ botCheckChallenge: { required: true, challenge: btoa('{"parameters":{}}') } });
    const { send } = guardedCall();
    await expect(sendWithBotCheck(send)).rejects.toEqual(expect.objectContaining({ name: 'BotCheckUnsolvedError', reason: 'unsolved' }));
    await expect(sendWithBotCheck(send)).rejects.toBeInstanceOf(BotCheckUnsolvedError);
    expect(send).not.toHaveBeenCalled();
  });

  it('stops solving, and sends nothing, when its form goes away', async () => {
    stubApi({ botCheckChallenge: async () => ({ required: true, challenge: await issueChallenge(4_000_000) }) });
    const { send } = guardedCall();
    const controller = new AbortController();
    const onSolving = jest.fn((solving: boolean) => {
      if (solving) setTimeout(() => controller.abort(), 50);
    });
    await expect(sendWithBotCheck(send, { signal: controller.signal, onSolving })).rejects.toBeInstanceOf(BotCheckAbortedError);
    expect(onSolving.mock.calls).toEqual([[true], [false]]);
    expect(send).not.toHaveBeenCalled();
  });
});

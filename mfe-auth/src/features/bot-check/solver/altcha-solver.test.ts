import { Buffer } from 'node:buffer';
import { randomInt } from 'altcha-lib';
import { decodeAnswer, decodeIssued, issueChallenge, serverAccepts } from '../bot-check.testing';
import { solveBotCheckChallenge } from './altcha-solver';

// The browser's solver (WebCrypto SHA-256, the one the page runs) against challenges made and an
// answer verified as the server does it (altcha-lib's Node implementation, bot-check.testing.ts).

describe('solveBotCheckChallenge', () => {
  it("answers a challenge of the server's default difficulty with a solution the server's verifier accepts", async () => {
    // The server's default: a secret counter below maxNumber 50,000.
    const issued = await issueChallenge(randomInt(50_000));
    const answer = await solveBotCheckChallenge(issued);
    expect(answer).not.toBeNull();
    // The challenge goes back exactly as signed, with the solution found.
    const { challenge, solution } = decodeAnswer(answer!);
    expect(challenge).toEqual(decodeIssued(issued));
    expect(solution).toEqual(expect.objectContaining({ counter: expect.any(Number), derivedKey: expect.stringMatching(/^[0-9a-f]{64}$/) }));
    await expect(serverAccepts(answer!)).resolves.toBe(true);
  });

  it('finds the secret counter itself; the solution of another challenge is refused for this one by the same verifier', async () => {
    const issued = await issueChallenge(1_234);
    const answer = (await solveBotCheckChallenge(issued))!;
    const { challenge, solution } = decodeAnswer(answer);
    expect(solution.counter).toBe(1_234);
    const wrongSolution = await solveBotCheckChallenge(await issueChallenge(1_235));
    const forged = Buffer.from(JSON.stringify({ challenge, solution: decodeAnswer(wrongSolution!).solution }), 'utf8').toString('base64');
    await expect(serverAccepts(forged)).resolves.toBe(false);
  });

  it('stops without an answer when aborted', async () => {
    const issued = await issueChallenge(4_000_000);
    const controller = new AbortController();
    const solving = solveBotCheckChallenge(issued, controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(solving).resolves.toBeNull();
  });

  it('refuses what is not a challenge', async () => {
    const notAChallenge = Buffer.from(JSON.stringify({ parameters: {} }), 'utf8').toString('base64');
    await expect(solveBotCheckChallenge(notAChallenge)).rejects.toThrow('not a bot-check challenge');
    await expect(solveBotCheckChallenge('%%%')).rejects.toThrow();
  });
});

// In-house games benchmark: for each game, the exact theoretical RTP (computed from its
// reels, lines and paytable by @platform/inhouse-games) beside the RTP of 10,000,000 simulated
// rounds played by the same engine on the real byte stream — HMAC-SHA256 blocks from node:crypto
// under random server and client seeds, nonces 0, 1, 2, … — with the standard error of the
// simulation and whether it lands within 3 standard errors of the exact figure.
// `npm run bench -- --games` runs only this; BENCH_GAMES_ROUNDS=<n> for another count,
// BENCH_GAMES_WORKERS=<n> for another number of worker threads (default: the machine's cores).
//
// Slots are played at their minimum bet (wins scale exactly with the bet); the RTP of a round is
// its total win (free spins included) over its bet. The crash game's RTP depends on the player's
// cash-out target, so each of a few targets is measured on the same simulated crash points.
// The engine runs from its compiled copy (inhouse-games/dist, tsc -b, as the server does).
import { createHmac, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { repoRoot, run } from './lib.mjs';

const require = createRequire(import.meta.url);
const ENGINE = path.join(repoRoot, 'inhouse-games', 'dist', 'index.js');
const CRASH_TARGETS = [101, 150, 200, 1000, 10000];

/** One worker's share: `rounds` rounds of `gameCode` under fresh random seeds. */
function simulate(gameCode, rounds) {
  const engine = require(ENGINE);
  const hmac = (key, message) => createHmac('sha256', key).update(message).digest();
  const serverSeed = randomBytes(32).toString('hex');
  const clientSeed = randomBytes(8).toString('hex');
  const stream = (nonce) => engine.hmacStream(hmac, { serverSeed, clientSeed, nonce });
  if (gameCode === engine.CRASH_GAME_CODE) {
    const winners = CRASH_TARGETS.map(() => 0);
    for (let nonce = 0; nonce < rounds; nonce += 1) {
      const crash = engine.crashPoint(stream(nonce));
      for (let index = 0; index < CRASH_TARGETS.length; index += 1) if (engine.cashoutWins(CRASH_TARGETS[index], crash)) winners[index] += 1;
    }
    return { rounds, winners };
  }
  const machine = engine.SLOT_MACHINES[gameCode];
  const bet = machine.definition.betSteps[0];
  let sum = 0;
  let squares = 0;
  let features = 0;
  let maxRatio = 0;
  for (let nonce = 0; nonce < rounds; nonce += 1) {
    const result = engine.spinSlot(machine, stream(nonce), bet);
    const ratio = result.totalWin / bet;
    sum += ratio;
    squares += ratio * ratio;
    if (result.freeSpins.length) features += 1;
    if (ratio > maxRatio) maxRatio = ratio;
  }
  return { rounds, sum, squares, features, maxRatio };
}

if (!isMainThread && workerData?.benchGames) parentPort.postMessage(simulate(workerData.gameCode, workerData.rounds));

function inWorkers(gameCode, rounds, workers) {
  const shares = Array.from({ length: workers }, (_, index) => Math.floor(rounds / workers) + (index < rounds % workers ? 1 : 0));
  return Promise.all(
    shares.map(
      (share) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { benchGames: true, gameCode, rounds: share } });
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.once('exit', (code) => code !== 0 && reject(new Error(`worker exited with ${code}`)));
        }),
    ),
  );
}

const percent = (value, digits = 4) => `${(value * 100).toFixed(digits)} %`;
const count = (value) => value.toLocaleString('en-US');

/**
 * Runs the benchmark and prints it. Resolves { games, withinThreeSigma, sane }: `sane` is false when
 * a simulation is more than 5 standard errors off (an engine and its RTP computation disagree).
 */
export async function benchGames() {
  const rounds = Number(process.env.BENCH_GAMES_ROUNDS ?? 10_000_000);
  const workers = Math.max(1, Number(process.env.BENCH_GAMES_WORKERS ?? (os.availableParallelism?.() ?? os.cpus().length)));
  // The compiled engine (incremental: nothing to do when it is up to date).
  if ((await run('npx', ['tsc', '-b', path.join('inhouse-games', 'tsconfig.build.json')])) !== 0) throw new Error('the game engine did not compile');
  const engine = require(ENGINE);
  console.log(`\nIn-house games: exact RTP and ${count(rounds)} simulated rounds each (HMAC-SHA256 byte stream of node:crypto, random seeds, ${workers} worker threads)`);
  const games = [];
  for (const gameCode of engine.SLOT_GAME_CODES) {
    const machine = engine.SLOT_MACHINES[gameCode];
    const started = Date.now();
    const report = engine.slotRtp(gameCode);
    const exactMs = Date.now() - started;
    const exact = report.rtp.toNumber();
    const simulationStarted = Date.now();
    const parts = await inWorkers(gameCode, rounds, workers);
    const seconds = (Date.now() - simulationStarted) / 1000;
    const total = parts.reduce((sum, part) => sum + part.rounds, 0);
    const mean = parts.reduce((sum, part) => sum + part.sum, 0) / total;
    const meanSquare = parts.reduce((sum, part) => sum + part.squares, 0) / total;
    const standardError = Math.sqrt((meanSquare - mean * mean) / total);
    const sigmas = Math.abs(mean - exact) / standardError;
    const features = parts.reduce((sum, part) => sum + part.features, 0);
    const maxRatio = Math.max(...parts.map((part) => part.maxRatio));
    games.push({ gameCode, exact, exactFraction: report.rtp.toString().length <= 60 ? report.rtp.toString() : undefined, simulated: mean, standardError, sigmas, rounds: total, seconds });
    console.log(`  ${gameCode} ${machine.definition.name}: exact RTP ${percent(exact, 5)} (base lines ${percent(report.baseLines.toNumber(), 2)}, scatters ${percent(report.baseScatter.toNumber(), 2)}, free spins ${percent(report.freeSpins.toNumber(), 2)}; computed in ${exactMs} ms)`);
    console.log(`    simulated ${percent(mean)} ± ${percent(standardError)} (1 standard error) over ${count(total)} rounds: ${sigmas.toFixed(2)}σ from exact → ${sigmas <= 3 ? 'within 3σ' : 'NOT within 3σ'}`);
    console.log(`    free spins in 1 of ${(total / Math.max(1, features)).toFixed(1)} rounds (exact 1 of ${(1 / report.triggerProbability.toNumber()).toFixed(1)}), largest win ${maxRatio.toFixed(2)}× the bet; ${count(Math.round(total / seconds))} rounds/s`);
  }
  {
    const gameCode = engine.CRASH_GAME_CODE;
    const simulationStarted = Date.now();
    const parts = await inWorkers(gameCode, rounds, workers);
    const seconds = (Date.now() - simulationStarted) / 1000;
    const total = parts.reduce((sum, part) => sum + part.rounds, 0);
    console.log(`  ${gameCode} Rocket Crash (the RTP of a cash-out target; house edge ${percent(engine.CRASH_HOUSE_EDGE, 0)}): ${count(Math.round(total / seconds))} rounds/s`);
    CRASH_TARGETS.forEach((target, index) => {
      const exact = engine.crashRtp(target).toNumber();
      const multiple = target / 100;
      const probability = exact / multiple;
      const winners = parts.reduce((sum, part) => sum + part.winners[index], 0);
      const simulated = (winners / total) * multiple;
      const standardError = multiple * Math.sqrt((probability * (1 - probability)) / total);
      const sigmas = Math.abs(simulated - exact) / standardError;
      games.push({ gameCode, target, exact, simulated, standardError, sigmas, rounds: total, seconds });
      console.log(
        `    cash out at ${multiple.toFixed(2)}×: exact RTP ${percent(exact, 6)}, simulated ${percent(simulated)} ± ${percent(standardError)}: ${sigmas.toFixed(2)}σ → ${sigmas <= 3 ? 'within 3σ' : 'NOT within 3σ'}`,
      );
    });
  }
  return { games, withinThreeSigma: games.every((game) => game.sigmas <= 3), sane: games.every((game) => game.sigmas <= 5) };
}

if (isMainThread && process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await benchGames();
  process.exit(result.sane ? 0 : 1);
}

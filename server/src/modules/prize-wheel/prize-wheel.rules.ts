// The draw of a prize wheel spin lives in @platform/inhouse-games (prize-wheel.ts), pure, so that
// the member centre's reward centre recomputes a spin in the browser with the very code the server
// drew it with (WebCrypto there, node:crypto here). A segment is drawn from the byte stream of
// (serverSeed, clientSeed, nonce) by weight, with probability exactly weight / total.
export { MAX_TOTAL_WEIGHT, drawSegment, segmentAt, totalWeightOf, verifySpin, verifySpinAsync, type WeightedSegment } from '@platform/inhouse-games';

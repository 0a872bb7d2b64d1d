import { randomInt } from 'node:crypto';
import { createCanvas } from '@napi-rs/canvas';

// Draws captcha text as distorted strokes. The glyphs are our own stroke font (polylines in a
// unit box), so the picture depends on no installed font: the same code draws the same kind of
// image on a bare container. Each glyph is rotated, sheared and scaled at random, every point
// is moved by a wave across the image, and noise lines and dots are drawn over and under it.

type Point = readonly [number, number];
type Stroke = readonly Point[];

/** Points on an ellipse from `fromDeg` to `toDeg` (screen coordinates: y grows downward). */
function arc(cx: number, cy: number, rx: number, ry: number, fromDeg: number, toDeg: number): Point[] {
  const steps = Math.max(4, Math.ceil(Math.abs(toDeg - fromDeg) / 15));
  return Array.from({ length: steps + 1 }, (_, i) => {
    const angle = ((fromDeg + ((toDeg - fromDeg) * i) / steps) * Math.PI) / 180;
    return [cx + rx * Math.cos(angle), cy + ry * Math.sin(angle)] as const;
  });
}

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I, 8/B, Q). */
const GLYPHS: Record<string, Stroke[]> = {
  A: [[[0, 1], [0.5, 0], [1, 1]], [[0.22, 0.62], [0.78, 0.62]]],
  B: [[[0, 0], [0, 1]], [[0, 0], [0.5, 0], ...arc(0.5, 0.25, 0.4, 0.25, -90, 90), [0, 0.5]], [[0, 0.5], [0.55, 0.5], ...arc(0.55, 0.75, 0.45, 0.25, -90, 90), [0, 1]]],
  C: [arc(0.55, 0.5, 0.5, 0.5, -40, -320)],
  D: [[[0, 0], [0, 1]], [[0, 0], [0.4, 0], ...arc(0.4, 0.5, 0.6, 0.5, -90, 90), [0, 1]]],
  E: [[[1, 0], [0, 0], [0, 1], [1, 1]], [[0, 0.5], [0.75, 0.5]]],
  F: [[[1, 0], [0, 0], [0, 1]], [[0, 0.5], [0.75, 0.5]]],
  G: [[...arc(0.5, 0.5, 0.5, 0.5, -40, -360), [0.55, 0.5]]],
  H: [[[0, 0], [0, 1]], [[1, 0], [1, 1]], [[0, 0.5], [1, 0.5]]],
  J: [[[1, 0], [1, 0.7], ...arc(0.5, 0.7, 0.5, 0.3, 0, 180)]],
  K: [[[0, 0], [0, 1]], [[1, 0], [0, 0.6]], [[0.3, 0.4], [1, 1]]],
  L: [[[0, 0], [0, 1], [1, 1]]],
  M: [[[0, 1], [0, 0], [0.5, 0.6], [1, 0], [1, 1]]],
  N: [[[0, 1], [0, 0], [1, 1], [1, 0]]],
  P: [[[0, 1], [0, 0], [0.55, 0], ...arc(0.55, 0.27, 0.45, 0.27, -90, 90), [0, 0.54]]],
  R: [[[0, 1], [0, 0], [0.55, 0], ...arc(0.55, 0.27, 0.45, 0.27, -90, 90), [0, 0.54]], [[0.45, 0.54], [1, 1]]],
  S: [[...arc(0.5, 0.25, 0.45, 0.25, -20, -270), ...arc(0.5, 0.75, 0.45, 0.25, -90, 160)]],
  T: [[[0, 0], [1, 0]], [[0.5, 0], [0.5, 1]]],
  U: [[[0, 0], [0, 0.65], ...arc(0.5, 0.65, 0.5, 0.35, 180, 0), [1, 0]]],
  V: [[[0, 0], [0.5, 1], [1, 0]]],
  W: [[[0, 0], [0.25, 1], [0.5, 0.35], [0.75, 1], [1, 0]]],
  X: [[[0, 0], [1, 1]], [[1, 0], [0, 1]]],
  Y: [[[0, 0], [0.5, 0.5], [1, 0]], [[0.5, 0.5], [0.5, 1]]],
  Z: [[[0, 0], [1, 0], [0, 1], [1, 1]]],
  '2': [[...arc(0.5, 0.3, 0.45, 0.3, -160, 20), [0, 1], [1, 1]]],
  '3': [[...arc(0.5, 0.27, 0.45, 0.27, -160, 90), ...arc(0.5, 0.75, 0.47, 0.25, -90, 160)]],
  '4': [[[0.75, 1], [0.75, 0], [0, 0.7], [1, 0.7]]],
  '5': [[[0.95, 0], [0.1, 0], [0.05, 0.45], ...arc(0.5, 0.68, 0.45, 0.32, -130, 150)]],
  '6': [[[0.85, 0.02], [0.4, 0.15], [0.1, 0.45], [0.05, 0.7]], arc(0.5, 0.7, 0.45, 0.3, 180, 540)],
  '7': [[[0, 0], [1, 0], [0.35, 1]]],
  '9': [arc(0.5, 0.3, 0.45, 0.3, 0, 360), [[0.95, 0.3], [0.9, 0.6], [0.6, 0.9], [0.2, 1]]],
};

export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');

export const CAPTCHA_WIDTH = 128;
export const CAPTCHA_HEIGHT = 44;

/** A uniform random number in [min, max). Not for secrets: only for how the picture looks. */
const between = (min: number, max: number): number => min + Math.random() * (max - min);

const pickColor = (light: boolean): string =>
  light ? `hsl(${randomInt(360)}, 40%, ${randomInt(82, 94)}%)` : `hsl(${randomInt(360)}, ${randomInt(45, 80)}%, ${randomInt(18, 38)}%)`;

/** A PNG picture of `text` (letters and digits of CAPTCHA_ALPHABET only). */
export async function drawCaptcha(text: string): Promise<Buffer> {
  const canvas = createCanvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  const context = canvas.getContext('2d');

  const background = context.createLinearGradient(0, 0, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  background.addColorStop(0, pickColor(true));
  background.addColorStop(1, pickColor(true));
  context.fillStyle = background;
  context.fillRect(0, 0, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);

  // Under the text: faint lines.
  for (let i = 0; i < 4; i++) {
    context.strokeStyle = pickColor(false);
    context.globalAlpha = 0.35;
    context.lineWidth = between(0.8, 1.6);
    context.beginPath();
    context.moveTo(between(0, CAPTCHA_WIDTH), between(0, CAPTCHA_HEIGHT));
    context.bezierCurveTo(
      between(0, CAPTCHA_WIDTH), between(0, CAPTCHA_HEIGHT),
      between(0, CAPTCHA_WIDTH), between(0, CAPTCHA_HEIGHT),
      between(0, CAPTCHA_WIDTH), between(0, CAPTCHA_HEIGHT),
    );
    context.stroke();
  }
  context.globalAlpha = 1;

  // One wave bends the whole line of text.
  const waveAmplitude = between(1.5, 3.5);
  const waveLength = between(28, 60);
  const wavePhase = between(0, Math.PI * 2);
  const bend = ([x, y]: Point): Point => [x, y + waveAmplitude * Math.sin((x / waveLength) * Math.PI * 2 + wavePhase)];

  const slot = (CAPTCHA_WIDTH - 16) / text.length;
  [...text].forEach((character, index) => {
    const strokes = GLYPHS[character.toUpperCase()];
    if (!strokes) throw new Error(`No captcha glyph for "${character}"`);
    const width = between(14, 19);
    const height = between(22, 28);
    const angle = between(-0.35, 0.35);
    const shear = between(-0.25, 0.25);
    const centreX = 8 + slot * index + slot / 2 + between(-3, 3);
    const centreY = CAPTCHA_HEIGHT / 2 + between(-3, 3);
    const place = ([u, v]: Point): Point => {
      // Unit box → centred glyph box, sheared, rotated, moved into its slot, then bent.
      const x = (u - 0.5) * width + (v - 0.5) * height * shear;
      const y = (v - 0.5) * height;
      return bend([
        centreX + x * Math.cos(angle) - y * Math.sin(angle) + between(-0.6, 0.6),
        centreY + x * Math.sin(angle) + y * Math.cos(angle) + between(-0.6, 0.6),
      ]);
    };
    context.strokeStyle = pickColor(false);
    context.lineWidth = between(2.2, 3.2);
    context.lineCap = 'round';
    context.lineJoin = 'round';
    for (const stroke of strokes) {
      context.beginPath();
      stroke.map(place).forEach(([x, y], pointIndex) => (pointIndex === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
      context.stroke();
    }
  });

  // Over the text: a crossing line and speckles.
  for (let i = 0; i < 2; i++) {
    context.strokeStyle = pickColor(false);
    context.lineWidth = between(1, 1.8);
    context.beginPath();
    context.moveTo(0, between(8, CAPTCHA_HEIGHT - 8));
    context.quadraticCurveTo(CAPTCHA_WIDTH / 2, between(0, CAPTCHA_HEIGHT), CAPTCHA_WIDTH, between(8, CAPTCHA_HEIGHT - 8));
    context.stroke();
  }
  for (let i = 0; i < 90; i++) {
    context.fillStyle = pickColor(Math.random() < 0.5);
    context.fillRect(between(0, CAPTCHA_WIDTH), between(0, CAPTCHA_HEIGHT), between(1, 2.2), between(1, 2.2));
  }
  return canvas.encode('png');
}

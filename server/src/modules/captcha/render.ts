import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type Canvas, createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH } from '@portal/shared';

/**
 * Captcha pictures, drawn on the server and sent as PNG: nothing in a response but pixels says
 * where the answer is. Backgrounds are generated (gradient, translucent shapes, lines, pixel noise)
 * so there is no image set to collect and match. Positions of answers come from crypto.randomInt;
 * decoration uses Math.random (it reveals nothing).
 *
 * Chinese glyphs come from Noto Sans SC (GB2312 subset, OFL) shipped in the npm package
 * @embedpdf/fonts-sc, registered under our own family name, so no system font is needed.
 */

const W = CAPTCHA_WIDTH;
const H = CAPTCHA_HEIGHT;
const FONT_FAMILY = 'PortalCaptchaSC';

/** Body of the puzzle piece (square side), the radius of its knobs, and the transparent margin. */
export const PIECE = { size: 42, knob: 8, pad: 3 } as const;
/** Width of the piece image: body + the right knob + margins. */
export const PIECE_WIDTH = PIECE.size + PIECE.knob + 2 * PIECE.pad;

/** Characters of clickWord: common GB2312 level-1 characters of clearly different shapes. */
export const CLICK_WORD_POOL = [
  ...'天地人山水火木金土日月星风云雨雪花草树林石田禾米竹羊牛马鱼鸟虫龙虎兔鸡狗猫春夏秋冬东南西北中上下左右大小多少高长方圆门窗桥路车船书画笔纸灯家国城海河江湖岛光电声音红黄蓝绿白黑青紫',
];
/** How many characters to click, and how many others are drawn to mislead. */
export const CLICK_WORD_TARGETS = 4;
export const CLICK_WORD_DECOYS = 2;
const GLYPH_SIZE = 28;
/** Centres of drawn characters stay this far from the edges and from each other. */
const GLYPH_MARGIN = 24;
const GLYPH_SPACING = 46;

let fontReady = false;
function ensureFont(): void {
  if (fontReady) return;
  const require = createRequire(import.meta.url);
  // The package's entry is dist/index.*; its fonts/ folder sits beside dist/.
  const file = join(dirname(require.resolve('@embedpdf/fonts-sc')), '../fonts/NotoSansHans-Bold.otf');
  if (!GlobalFonts.registerFromPath(file, FONT_FAMILY)) throw new Error(`captcha font could not be loaded: ${file}`);
  fontReady = true;
}

const between = (min: number, max: number) => min + Math.random() * (max - min);

function hsl(h: number, s: number, l: number, a = 1): string {
  return `hsla(${Math.round(h)}, ${Math.round(s)}%, ${Math.round(l)}%, ${a})`;
}

/** A colourful, busy but calm background: gradient, translucent shapes, curves, then pixel noise. */
function drawBackground(ctx: SKRSContext2D): void {
  const hue = between(0, 360);
  const gradient = ctx.createLinearGradient(0, between(0, H), W, between(0, H));
  gradient.addColorStop(0, hsl(hue, between(45, 70), between(55, 70)));
  gradient.addColorStop(0.5, hsl(hue + between(40, 90), between(40, 65), between(50, 68)));
  gradient.addColorStop(1, hsl(hue + between(120, 200), between(45, 70), between(52, 70)));
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, W, H);

  for (let i = 0; i < 18; i++) {
    ctx.fillStyle = hsl(between(0, 360), between(40, 80), between(35, 80), between(0.15, 0.4));
    ctx.beginPath();
    const x = between(-20, W + 20);
    const y = between(-20, H + 20);
    switch (i % 3) {
      case 0:
        ctx.ellipse(x, y, between(8, 40), between(8, 40), between(0, Math.PI), 0, Math.PI * 2);
        break;
      case 1: {
        const sides = 3 + Math.floor(Math.random() * 4);
        const r = between(10, 38);
        const turn = between(0, Math.PI);
        for (let k = 0; k < sides; k++) {
          const angle = turn + (k / sides) * Math.PI * 2;
          ctx.lineTo(x + r * Math.cos(angle), y + r * Math.sin(angle));
        }
        ctx.closePath();
        break;
      }
      default:
        ctx.rect(x, y, between(10, 50), between(6, 30));
    }
    ctx.fill();
  }

  for (let i = 0; i < 5; i++) {
    ctx.strokeStyle = hsl(between(0, 360), between(30, 70), between(30, 85), between(0.25, 0.5));
    ctx.lineWidth = between(1, 3);
    ctx.beginPath();
    ctx.moveTo(between(-10, W / 3), between(0, H));
    ctx.bezierCurveTo(between(0, W), between(0, H), between(0, W), between(0, H), between(W * 0.6, W + 10), between(0, H));
    ctx.stroke();
  }

  const image = ctx.getImageData(0, 0, W, H);
  const data = image.data; // Uint8ClampedArray: out-of-range values clamp on assignment
  for (let i = 0; i < data.length; i += 4) {
    const n = (Math.random() - 0.5) * 26;
    data[i] = (data[i] ?? 0) + n;
    data[i + 1] = (data[i + 1] ?? 0) + n;
    data[i + 2] = (data[i + 2] ?? 0) + n;
  }
  ctx.putImageData(image, 0, 0);
}

/** The outline of the piece with its body's top-left corner at (x, y): a knob on top and on the right, a notch on the left. */
function piecePath(ctx: SKRSContext2D, x: number, y: number): void {
  const { size: s, knob: r } = PIECE;
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x + s / 2 - r, y);
  ctx.arc(x + s / 2, y, r, Math.PI, 0, false); // top knob, outwards
  ctx.lineTo(x + s, y);
  ctx.lineTo(x + s, y + s / 2 - r);
  ctx.arc(x + s, y + s / 2, r, -Math.PI / 2, Math.PI / 2, false); // right knob, outwards
  ctx.lineTo(x + s, y + s);
  ctx.lineTo(x, y + s);
  ctx.lineTo(x, y + s / 2 + r);
  ctx.arc(x, y + s / 2, r, Math.PI / 2, -Math.PI / 2, true); // left notch, inwards
  ctx.closePath();
}

const png = (canvas: Canvas) => canvas.toBuffer('image/png');

export interface BlockPuzzleImages {
  background: Buffer;
  piece: Buffer;
  /** x: left edge of the piece image when it sits in the hole; y: top of the piece's body (information only). */
  answer: { x: number; y: number };
}

/**
 * A background with a piece-shaped hole and the piece cut from the same spot. The piece image is
 * PIECE_WIDTH wide and as high as the background (the piece at its own height), so the client only
 * slides it horizontally; the answer is the left offset that puts it over the hole.
 */
export function renderBlockPuzzle(): BlockPuzzleImages {
  const { size, knob, pad } = PIECE;
  // Never near the start, so the slider always has to move; fully inside the picture.
  const x = randomInt(PIECE_WIDTH + 20, W - PIECE_WIDTH - 4);
  const bodyTop = randomInt(knob + pad + 2, H - size - pad - 2);

  const source = createCanvas(W, H);
  drawBackground(source.getContext('2d'));

  const pieceCanvas = createCanvas(PIECE_WIDTH, H);
  const pc = pieceCanvas.getContext('2d');
  piecePath(pc, pad, bodyTop);
  pc.save();
  pc.clip();
  pc.drawImage(source, -x, 0);
  pc.restore();
  pc.lineWidth = 2;
  pc.strokeStyle = 'rgba(255, 255, 255, 0.9)';
  pc.shadowColor = 'rgba(0, 0, 0, 0.6)';
  pc.shadowBlur = 4;
  piecePath(pc, pad, bodyTop);
  pc.stroke();

  const backgroundCanvas = createCanvas(W, H);
  const bc = backgroundCanvas.getContext('2d');
  bc.drawImage(source, 0, 0);
  piecePath(bc, x + pad, bodyTop);
  bc.fillStyle = 'rgba(0, 0, 0, 0.5)';
  bc.fill();
  bc.lineWidth = 1.5;
  bc.strokeStyle = 'rgba(255, 255, 255, 0.8)';
  bc.stroke();

  return { background: png(backgroundCanvas), piece: png(pieceCanvas), answer: { x, y: bodyTop } };
}

export interface ClickWordImage {
  background: Buffer;
  /** The characters to click, in order. */
  words: string[];
  /** Centre of each of `words`, same order, in image pixels. */
  answer: { x: number; y: number }[];
}

/** Distinct random items of a pool (crypto-random: which characters are targets matters). */
function sample<T>(pool: readonly T[], n: number): T[] {
  const copy = [...pool];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, n);
}

/** n centres at least GLYPH_SPACING apart (rejection sampling; a jittered row of slots if that fails). */
function glyphCentres(n: number): { x: number; y: number }[] {
  for (let attempt = 0; attempt < 50; attempt++) {
    const points: { x: number; y: number }[] = [];
    for (let tries = 0; tries < 400 && points.length < n; tries++) {
      const p = { x: randomInt(GLYPH_MARGIN, W - GLYPH_MARGIN), y: randomInt(GLYPH_MARGIN, H - GLYPH_MARGIN) };
      if (points.every((q) => Math.hypot(p.x - q.x, p.y - q.y) >= GLYPH_SPACING)) points.push(p);
    }
    if (points.length === n) return points;
  }
  const slot = (W - 2 * GLYPH_MARGIN) / n;
  return sample(
    Array.from({ length: n }, (_, i) => ({
      x: Math.round(GLYPH_MARGIN + slot * (i + 0.5)),
      y: randomInt(GLYPH_MARGIN, H - GLYPH_MARGIN),
    })),
    n,
  );
}

/**
 * The click-the-words picture: CLICK_WORD_TARGETS characters to click plus CLICK_WORD_DECOYS others,
 * each turned and coloured at random, over a generated background with a few lines across.
 */
export function renderClickWord(): ClickWordImage {
  ensureFont();
  const chars = sample(CLICK_WORD_POOL, CLICK_WORD_TARGETS + CLICK_WORD_DECOYS);
  const centres = glyphCentres(chars.length);

  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  drawBackground(ctx);
  ctx.font = `bold ${GLYPH_SIZE}px ${FONT_FAMILY}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  chars.forEach((char, i) => {
    const { x, y } = centres[i] ?? { x: 0, y: 0 };
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(((randomInt(-35, 36) as number) * Math.PI) / 180);
    ctx.lineWidth = 3;
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)';
    ctx.strokeText(char, 0, 0);
    ctx.fillStyle = hsl(between(0, 360), between(60, 90), between(22, 38));
    ctx.fillText(char, 0, 0);
    ctx.restore();
  });
  for (let i = 0; i < 3; i++) {
    ctx.strokeStyle = hsl(between(0, 360), between(40, 70), between(30, 60), 0.45);
    ctx.lineWidth = 1.2;
    ctx.beginPath();
    ctx.moveTo(0, between(0, H));
    ctx.quadraticCurveTo(between(0, W), between(0, H), W, between(0, H));
    ctx.stroke();
  }

  return {
    background: png(canvas),
    words: chars.slice(0, CLICK_WORD_TARGETS),
    answer: centres.slice(0, CLICK_WORD_TARGETS),
  };
}

// A small QR code encoder for share links: byte mode, error correction level M, versions
// 1 to 10 (up to 213 bytes, plenty for a link). Written from ISO/IEC 18004's description.

// Per version (index 1..10): error correction codewords per block, and the data codewords
// of each block (blocks of the second group hold one more).
const BLOCKS = [
  null,
  { ec: 10, data: [16] },
  { ec: 16, data: [28] },
  { ec: 26, data: [44] },
  { ec: 18, data: [32, 32] },
  { ec: 24, data: [43, 43] },
  { ec: 16, data: [27, 27, 27, 27] },
  { ec: 18, data: [31, 31, 31, 31] },
  { ec: 22, data: [38, 38, 39, 39] },
  { ec: 22, data: [36, 36, 36, 37, 37] },
  { ec: 26, data: [43, 43, 43, 43, 44] },
];
const ALIGNMENT = [null, [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34],
  [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50]];
const LEVEL_M = 0b00;

// Arithmetic in GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, value = 1; i < 255; i++) {
  EXP[i] = value;
  LOG[value] = i;
  value <<= 1;
  if (value & 0x100) value ^= 0x11d;
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255];
const times = (a, b) => (a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]]);

/** The Reed-Solomon generator of a degree, highest power first (leading 1 included). */
function generator(degree) {
  let poly = [1];
  for (let i = 0; i < degree; i++) {
    const next = new Array(poly.length + 1).fill(0);
    poly.forEach((coef, j) => {
      next[j] ^= coef;
      next[j + 1] ^= times(coef, EXP[i]);
    });
    poly = next;
  }
  return poly;
}

function errorCorrection(data, degree) {
  const gen = generator(degree);
  const work = [...data, ...new Array(degree).fill(0)];
  for (let i = 0; i < data.length; i++) {
    const lead = work[i];
    if (lead === 0) continue;
    for (let j = 1; j < gen.length; j++) work[i + j] ^= times(gen[j], lead);
  }
  return work.slice(data.length);
}

function capacity(version) {
  const dataBytes = BLOCKS[version].data.reduce((sum, n) => sum + n, 0);
  const countBits = version < 10 ? 8 : 16;
  return Math.floor((dataBytes * 8 - 4 - countBits) / 8);
}

/** The codewords of a message, data blocks and error correction interleaved. */
function codewords(bytes, version) {
  const { ec, data } = BLOCKS[version];
  const total = data.reduce((sum, n) => sum + n, 0);
  const bits = [];
  const put = (value, length) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  bytes.forEach((byte) => put(byte, 8));
  put(0, Math.min(4, total * 8 - bits.length));
  while (bits.length % 8) bits.push(0);
  const stream = [];
  for (let i = 0; i < bits.length; i += 8) {
    stream.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0));
  }
  for (let pad = 0xec; stream.length < total; pad ^= 0xec ^ 0x11) stream.push(pad);

  const blocks = [];
  let offset = 0;
  for (const size of data) {
    const block = stream.slice(offset, offset + size);
    offset += size;
    blocks.push({ block, check: errorCorrection(block, ec) });
  }
  const out = [];
  const longest = Math.max(...data);
  for (let i = 0; i < longest; i++) {
    for (const { block } of blocks) if (i < block.length) out.push(block[i]);
  }
  for (let i = 0; i < ec; i++) for (const { check } of blocks) out.push(check[i]);
  return out;
}

/** BCH remainder for the format and version information. */
function bch(value, poly, polyBits) {
  let rest = value << (polyBits - 1);
  for (let bit = 31; bit >= polyBits - 1; bit--) {
    if ((rest >>> bit) & 1) rest ^= poly << (bit - polyBits + 1);
  }
  return (value << (polyBits - 1)) | rest;
}

const MASKS = [
  (x, y) => (x + y) % 2 === 0,
  (x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class Grid {
  constructor(version) {
    this.size = 17 + 4 * version;
    this.dark = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
    this.fixed = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
  }

  set(x, y, dark) {
    this.dark[y][x] = dark;
    this.fixed[y][x] = true;
  }
}

function drawPatterns(grid, version) {
  const { size } = grid;
  for (let i = 0; i < size; i++) {
    grid.set(6, i, i % 2 === 0);
    grid.set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || y < 0 || x >= size || y >= size) continue;
        const ring = Math.max(Math.abs(dx), Math.abs(dy));
        grid.set(x, y, ring !== 2 && ring !== 4);
      }
    }
  }
  const centres = ALIGNMENT[version];
  for (const cy of centres) {
    for (const cx of centres) {
      const nearFinder = (cx === 6 && cy === 6) || (cx === 6 && cy === size - 7)
        || (cx === size - 7 && cy === 6);
      if (nearFinder) continue;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          grid.set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
        }
      }
    }
  }
  drawFormat(grid, 0);
  if (version >= 7) {
    const bits = bch(version, 0x1f25, 13);
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      grid.set(a, b, dark);
      grid.set(b, a, dark);
    }
  }
}

function drawFormat(grid, mask) {
  const bits = bch((LEVEL_M << 3) | mask, 0x537, 11) ^ 0x5412;
  const bit = (i) => ((bits >>> i) & 1) === 1;
  const { size } = grid;
  for (let i = 0; i <= 5; i++) grid.set(8, i, bit(i));
  grid.set(8, 7, bit(6));
  grid.set(8, 8, bit(7));
  grid.set(7, 8, bit(8));
  for (let i = 9; i < 15; i++) grid.set(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) grid.set(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) grid.set(8, size - 15 + i, bit(i));
  grid.set(8, size - 8, true);
}

function drawData(grid, words) {
  const { size } = grid;
  let index = 0;
  const total = words.length * 8;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let step = 0; step < size; step++) {
      const y = upward ? size - 1 - step : step;
      for (const x of [right, right - 1]) {
        if (grid.fixed[y][x] || index >= total) continue;
        grid.dark[y][x] = ((words[index >>> 3] >>> (7 - (index & 7))) & 1) === 1;
        index++;
      }
    }
  }
}

function applyMask(grid, mask) {
  const test = MASKS[mask];
  for (let y = 0; y < grid.size; y++) {
    for (let x = 0; x < grid.size; x++) {
      if (!grid.fixed[y][x] && test(x, y)) grid.dark[y][x] = !grid.dark[y][x];
    }
  }
}

/** The standard's penalty score: lower reads more reliably. */
function penalty(grid) {
  const { size, dark } = grid;
  let score = 0;
  const lines = [];
  for (let i = 0; i < size; i++) {
    lines.push(dark[i]);
    lines.push(dark.map((row) => row[i]));
  }
  const finderLike = [/10111010000/g, /00001011101/g];
  for (const line of lines) {
    let run = 1;
    for (let i = 1; i <= size; i++) {
      if (i < size && line[i] === line[i - 1]) {
        run++;
      } else {
        if (run >= 5) score += run - 2;
        run = 1;
      }
    }
    const text = line.map((on) => (on ? "1" : "0")).join("");
    for (const pattern of finderLike) score += 40 * (text.match(pattern) || []).length;
  }
  let darkCount = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (dark[y][x]) darkCount++;
      if (x < size - 1 && y < size - 1) {
        const colour = dark[y][x];
        if (dark[y][x + 1] === colour && dark[y + 1][x] === colour && dark[y + 1][x + 1] === colour) {
          score += 3;
        }
      }
    }
  }
  const percent = (darkCount * 100) / (size * size);
  return score + 10 * Math.floor(Math.abs(percent - 50) / 5);
}

/** The modules of the QR code for a text: rows of booleans, true for dark. */
export function qrMatrix(text) {
  const bytes = [...new TextEncoder().encode(text)];
  let version = 1;
  while (version <= 10 && capacity(version) < bytes.length) version++;
  if (version > 10) throw new RangeError("Text too long for a QR code here");
  const words = codewords(bytes, version);
  let best = null;
  for (let mask = 0; mask < MASKS.length; mask++) {
    const grid = new Grid(version);
    drawPatterns(grid, version);
    drawData(grid, words);
    applyMask(grid, mask);
    drawFormat(grid, mask);
    const score = penalty(grid);
    if (!best || score < best.score) best = { score, grid };
  }
  return best.grid.dark;
}

/** The QR code as SVG markup, dark on white with the standard quiet zone of 4 modules. */
export function qrSvg(text, label) {
  const matrix = qrMatrix(text);
  const size = matrix.length;
  let path = "";
  matrix.forEach((row, y) => {
    row.forEach((on, x) => {
      if (on) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  const escaped = label.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-4 -4 ${size + 8} ${size + 8}" `
    + `role="img" aria-label="${escaped}" shape-rendering="crispEdges">`
    + `<rect x="-4" y="-4" width="${size + 8}" height="${size + 8}" fill="#fff"/>`
    + `<path d="${path}" fill="#000"/></svg>`;
}

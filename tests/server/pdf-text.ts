import { inflateSync } from 'node:zlib';

/**
 * The text drawn in a pdfkit PDF, one text run a line: its page streams are deflated and the standard fonts write each
 * run as a hex string of WinAnsi codes (`[<536f70686965> 0] TJ`). Enough to check what a page says without a PDF
 * library. WinAnsi writes the euro sign as 0x80: it is given back as '€'. The tests' one reader of the server's PDFs
 * (invoices and consumption statements, both drawn with the standard fonts only); no e2e spec reads a PDF's text.
 */
export const pdfText = (pdf: Buffer): string => {
  let text = '';
  for (const match of pdf.toString('latin1').matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const run of content.matchAll(/\[([^\]]*)\] TJ/g)) {
      for (const hex of (run[1] ?? '').matchAll(/<([0-9a-f]*)>/gi)) text += Buffer.from(hex[1] ?? '', 'hex').toString('latin1');
      text += '\n';
    }
  }
  return text.replaceAll('\u0080', '€');
};

const RECORD_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/;
/** An amount as the statement writes it in any of its languages (€ 1.234,56 · 1 234,56 € · €1,234.56). */
const MONEY = /^-?(€\s?)?[\d.,\s]+\d{2}(\s?€)?$/;

/**
 * The cost column of a consumption statement's list of records (consumption-pdf.ts: time, type, direction,
 * destination, use, cost on each row), in cents, row by row; null where a row has no amount in its cost cell.
 * `recordsTitle` is the title of the list in the statement's language (only rows after it are records).
 */
export const pdfRecordCosts = (text: string, recordsTitle: string): (number | null)[] => {
  const lines = text.split('\n');
  const start = lines.indexOf(recordsTitle);
  if (start < 0) throw new Error(`no "${recordsTitle}" in the PDF`);
  const costs: (number | null)[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    if (!RECORD_TIME.test(lines[i] ?? '')) continue;
    const cell = (lines[i + 5] ?? '').replace(/[\u00a0\u202f]/g, ' ');
    // Every format writes two decimals: the digits are the cents.
    costs.push(MONEY.test(cell) ? Number(cell.replace(/[^\d-]/g, '')) : null);
  }
  return costs;
};

/**
 * The colours a pdfkit PDF paints with (`/DeviceRGB cs r g b scn` fills, `CS … SCN` strokes; `rg`/`RG` too), as
 * '#rrggbb', in drawing order.
 */
export const pdfColors = (pdf: Buffer): { fill: string[]; stroke: string[] } => {
  const fill: string[] = [];
  const stroke: string[] = [];
  const hex = (parts: string[]) =>
    `#${parts
      .map((part) =>
        Math.round(Number(part) * 255)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  for (const match of pdf.toString('latin1').matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const color of content.matchAll(/(?:^|\s)([\d.]+) ([\d.]+) ([\d.]+) (scn|SCN|rg|RG)(?=\s)/g)) {
      (color[4] === 'rg' || color[4] === 'scn' ? fill : stroke).push(hex([color[1]!, color[2]!, color[3]!]));
    }
  }
  return { fill, stroke };
};

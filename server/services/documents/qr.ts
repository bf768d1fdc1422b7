import { encode } from 'uqr';

/*
 * The booking reference as a QR code, drawn from one SVG path: the JSON answer carries it as an
 * <svg> element and the PDF draws the same path as vectors, so both scan the same.
 */

/** Modules of white around the code: the four the QR standard asks for, so a scanner finds its edges. */
const QUIET_ZONE = 4;

export interface QrCode {
  /** Modules across, quiet zone included. */
  size: number;
  /** SVG path of the dark modules, one unit per module, origin at the top left. */
  path: string;
}

/** Error correction M (15%): survives a crease or a smudge on a printed voucher, and stays small. */
export function qrCode(text: string): QrCode {
  const qr = encode(text, { ecc: 'M', border: 0 });
  let path = '';
  qr.data.forEach((row, y) => {
    // One rectangle per run of dark modules in a row.
    for (let x = 0; x < row.length;) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      let end = x;
      while (end < row.length && row[end]) end += 1;
      path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h${end - x}v1h${x - end}z`;
      x = end;
    }
  });
  return { size: qr.size + QUIET_ZONE * 2, path };
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A standalone <svg> (scales to any size; black on white, crisp edges). */
export function qrSvg(text: string): string {
  const { size, path } = qrCode(text);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img" aria-label="QR code: ${escapeXml(text)}">` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`
  );
}

import QRCode from 'qrcode';

/**
 * A QR code as PNG: level M survives a crease or a cracked phone screen; 10 px modules keep it sharp
 * when the PDF scales it to about 5 cm on paper.
 */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 10 });
}

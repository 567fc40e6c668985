import QRCode from "qrcode";

const COLORS = { dark: "#23153f", light: "#ffffff" };
const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;

/** A claim URL as QR code, made on the server: an SVG and a PNG, both as data URLs (shown and downloadable). */
export async function claimQr(url: string) {
  const [svg, png] = await Promise.all([
    QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M", color: COLORS }),
    QRCode.toDataURL(url, { type: "image/png", width: 512, margin: 2, errorCorrectionLevel: "M", color: COLORS }),
  ]);
  return { svg: svgDataUrl(svg), png };
}

/** Only the SVG (as data URL), for label sheets. */
export async function qrSvgDataUrl(url: string) {
  return svgDataUrl(await QRCode.toString(url, { type: "svg", margin: 0, errorCorrectionLevel: "M" }));
}
